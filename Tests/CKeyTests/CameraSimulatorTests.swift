import CKey
import Foundation
import XCTest

/// The camera simulator through the public API: determinism, a round trip
/// through the decoder, and errors that name the field.
final class CameraSimulatorTests: XCTestCase {
    private let symbol = try! CKeySymbol.encode("https://openckey.org/camera")

    /// A cheap scene: supersample 1 keeps debug-build tests fast.
    private func scene(_ category: CKeyCameraCategory, seed: UInt64) throws -> CKeyCameraScene {
        var scene = try CKeyCameraScene(category: category, seed: seed)
        scene.supersample = 1
        return scene
    }

    func testSameSeedGivesSameBytes() throws {
        let first = try scene(.curved, seed: 42).render(symbol: symbol)
        let second = try scene(.curved, seed: 42).render(symbol: symbol)
        XCTAssertEqual(first.width, 1280)
        XCTAssertEqual(first.height, 720)
        XCTAssertEqual(first.pixels.count, 1280 * 720)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.labelCorners.count, 1)
        XCTAssertEqual(first.labelCorners.first?.count, 4)
    }

    func testDifferentSeedGivesDifferentBytes() throws {
        let first = try scene(.nominal, seed: 1).render(symbol: symbol)
        let second = try scene(.nominal, seed: 2).render(symbol: symbol)
        XCTAssertNotEqual(first.pixels, second.pixels)
    }

    func testNominalFrameDecodes() throws {
        let scene = try CKeyCameraScene(category: .nominal, seed: 7)
        XCTAssertEqual(scene.category, .nominal)
        XCTAssertEqual(scene.seed, 7)
        XCTAssertEqual(scene.labelSizes.count, scene.labelCount)
        let frame = try scene.render(symbol: symbol)
        let result = try CKeyDecoder.decode(pixels: Data(frame.pixels), width: frame.width, height: frame.height,
                                            bytesPerRow: frame.width, format: .gray8, thorough: true)
        XCTAssertEqual(result?.text, "https://openckey.org/camera")
    }

    func testMultiSceneRendersEveryLabel() throws {
        let scene = try scene(.multi, seed: 3)
        XCTAssertEqual(scene.labelCount, 3)
        let frame = try scene.render(symbol: symbol)
        XCTAssertEqual(frame.labelCorners.count, 3)
        XCTAssertEqual(frame.labelVisible.count, 3)
    }

    func testLabelSizesAreWritten() throws {
        var scene = try scene(.nominal, seed: 5)
        scene.labelSizes = [200]
        XCTAssertEqual(scene.labelSizes, [200])
    }

    func testBadSupersampleNamesTheField() throws {
        var scene = try scene(.nominal, seed: 1)
        scene.supersample = 9
        XCTAssertThrowsError(try scene.render(symbol: symbol)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .invalidArgument)
            XCTAssertTrue("\(error)".contains("supersample"), "\(error)")
        }
    }

    func testHugeFrameIsRefusedNotAllocated() throws {
        var scene = try CKeyCameraScene(category: .nominal, seed: 5)
        scene.width = Int(Int32.max)
        scene.height = Int(Int32.max)
        XCTAssertThrowsError(try scene.render(labels: [CKeyCameraTexture(grayPixels: [UInt8](repeating: 128, count: 64),
                                                                          width: 8, height: 8)])) { error in
            XCTAssertTrue("\(error)".contains("scene.width"), "\(error)")
        }
    }

    func testBadTexturesNameTheField() throws {
        let scene = try scene(.nominal, seed: 1)
        let zeroWidth = CKeyCameraTexture(grayPixels: [UInt8](repeating: 255, count: 64), width: 0, height: 8)
        XCTAssertThrowsError(try scene.render(labels: [zeroWidth])) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .invalidArgument)
            XCTAssertTrue((error as? CKeyError)?.message.contains("textures[0].width") == true, "\(error)")
        }
        let short = CKeyCameraTexture(grayPixels: [UInt8](repeating: 255, count: 10), width: 16, height: 16)
        XCTAssertThrowsError(try scene.render(labels: [short])) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .invalidArgument)
            XCTAssertTrue((error as? CKeyError)?.message.contains("textures[0].pixels") == true, "\(error)")
        }
        let good = CKeyCameraTexture(grayPixels: [UInt8](repeating: 255, count: 256), width: 16, height: 16)
        XCTAssertThrowsError(try scene.render(labels: [good, good])) { error in
            XCTAssertTrue((error as? CKeyError)?.message.contains("texture_count") == true, "\(error)")
        }
    }

    func testBadSeverityIsRefused() {
        XCTAssertThrowsError(try CKeyCameraScene(category: .blur, seed: 1, severity: 2)) { error in
            XCTAssertTrue((error as? CKeyError)?.message.contains("severity") == true, "\(error)")
        }
    }

    func testEveryCategoryHasAName() {
        XCTAssertEqual(CKeyCameraCategory.allCases.count, 17)
        for category in CKeyCameraCategory.allCases {
            XCTAssertFalse(category.name.isEmpty, "\(category)")
        }
        XCTAssertEqual(CKeyCameraCategory.lowContrast.name, "low-contrast")
        XCTAssertEqual(Set(CKeyCameraCategory.allCases.map(\.name)).count, 17)
    }
}
