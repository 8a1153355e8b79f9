import CKey
import Foundation
import XCTest

final class RenderTests: XCTestCase {
    let symbol = try! CKeySymbol.encode("https://openckey.org/render", version: 5)

    func testPixelsCoverTheCanvasWithStraightAlpha() throws {
        let pixels = try symbol.pixels(size: 310)
        XCTAssertEqual(pixels.width, 310)
        XCTAssertEqual(pixels.bytesPerRow, 1240)
        XCTAssertEqual(pixels.data.count, 310 * 1240)
        XCTAssertEqual(Array(pixels.data.prefix(4)), [255, 255, 255, 255])  // quiet margin
        let ring = (155 * 310 + 25) * 4                                      // 2.5 units in
        XCTAssertEqual(Array(pixels.data[ring..<ring + 4]), [0, 0, 0, 255])
        let clear = try symbol.pixels(size: 310, transparent: true)
        XCTAssertEqual(clear.data[3], 0)
        XCTAssertEqual(clear.data[ring + 3], 255)
    }

    func testBinaryHasTwoColoursAndHashesAreStable() throws {
        let binary = try symbol.pixels(size: 200, policy: .binary)
        var colours = Set<UInt32>()
        for i in stride(from: 0, to: binary.data.count, by: 4) {
            colours.insert(UInt32(binary.data[i]) << 16 | UInt32(binary.data[i + 1]) << 8 | UInt32(binary.data[i + 2]))
        }
        XCTAssertEqual(colours, [0x000000, 0xFFFFFF])
        XCTAssertEqual(try symbol.pixels(size: 200, style: .concept), try symbol.pixels(size: 200, style: .concept))
    }

    func testModuleCentresReadBackTheMatrix() throws {
        let s = 6, size = 31 * s, n = symbol.moduleCount
        let pixels = try symbol.pixels(size: size, policy: .binary)
        let rows = symbol.matrixText.split(separator: "\n").dropFirst().map(Array.init)
        for r in 0..<n {
            for c in 0..<n {
                let x = ((4 * n + 23 * c) * 2 + 23) * s / (2 * n), y = ((4 * n + 23 * r) * 2 + 23) * s / (2 * n)
                let dark = pixels.data[(y * size + x) * 4] == 0
                XCTAssertEqual(dark, rows[r][c] == "#", "module \(r),\(c)")
            }
        }
    }

    func testTooSmallIsRefusedWithTheMinimum() {
        XCTAssertEqual(symbol.minimumRasterSize, 50)  // ceil(31 * 37 / 23)
        XCTAssertThrowsError(try symbol.pixels(size: 49)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .sizeTooSmall)
            XCTAssertTrue((error as? CKeyError)?.message.contains("at least 50 px") ?? false)
        }
    }

    func testExports() throws {
        let png = try symbol.pngData(size: 256, dpi: 300)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertNotNil(png.range(of: Data("pHYs".utf8)))
        let svg = try symbol.svg(scale: 8, style: .concept)
        XCTAssertTrue(svg.contains("viewBox=\"0 0 31 31\""))
        XCTAssertTrue(svg.contains("width=\"248\""))
        XCTAssertTrue(svg.contains("radialGradient"))
        let pdf = try symbol.pdfData(widthPoints: 144)
        XCTAssertEqual(String(decoding: pdf.prefix(8), as: UTF8.self), "%PDF-1.4")
        XCTAssertNotNil(pdf.range(of: Data("/MediaBox [0 0 144 144]".utf8)))
        XCTAssertNil(pdf.range(of: Data("/Subtype /Image".utf8)))
    }

    func testStyleFieldsReachTheCore() throws {
        var style = CKeyStyle.plain
        style.ink = CKeyColor(hex: 0x1F3A93)
        style.ringColor = CKeyColor(hex: 0x8E1B1B)
        style.keyColor = style.ringColor
        style.modules = .circle
        style.ring = .chamfered
        style.rayCap = .pointed
        let size = 31 * 8
        let pixels = try symbol.pixels(size: size, policy: .binary, style: style)
        let ring = (15 * 8 * size + 2 * 8 + 4) * 4
        XCTAssertEqual(Array(pixels.data[ring..<ring + 3]), [0x8E, 0x1B, 0x1B])
        XCTAssertEqual(CKeyStyle.concept.modules, .rounded)
        XCTAssertNotEqual(CKeyStyle.concept.background, CKeyStyle.concept.backgroundEdge)
    }

    func testStyleCheckRefusesAdaptsAndOverrides() throws {
        var grey = CKeyStyle.plain
        grey.ink = CKeyColor(hex: 0xAAAAAA)
        XCTAssertThrowsError(try symbol.check(style: grey)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .styleRefused)
            XCTAssertTrue((error as? CKeyError)?.message.contains("#AAAAAA") ?? false)
        }
        XCTAssertThrowsError(try symbol.pngData(size: 100, style: grey))
        grey.policy = .adaptive
        let adapted = try symbol.check(style: grey)
        XCTAssertTrue(adapted.problems.isEmpty)
        XCTAssertNotEqual(adapted.adaptedStyle?.ink, grey.ink)
        XCTAssertNoThrow(try symbol.pngData(size: 100, style: grey))
        grey.policy = .override
        let report = try symbol.check(style: grey)
        XCTAssertTrue(report.problems.contains(.contrast))
        XCTAssertLessThan(report.contrast, 4.5)
        let transparent = try symbol.check(style: .plain, transparent: true)
        XCTAssertTrue(transparent.warnings.contains(.transparentWithoutBackdrop))
        XCTAssertThrowsError(try symbol.check(style: .plain, transparent: true, backdrop: CKeyColor(hex: 0x202020)))
    }

    func testLogoFromPNGIsEmbeddedAndBudgeted() throws {
        let red = Data((0..<(8 * 8)).flatMap { _ in [UInt8(200), 30, 30, 255] })
        var style = CKeyStyle.plain
        style.logo = CKeyLogo(rgba: red, width: 8, height: 8, size: 12)
        let dense = try CKeySymbol.encode("logo", version: 12, level: .h)
        let png = try dense.pngData(size: 400, style: style)
        let logo = try CKeyLogo(pngData: png, size: 10)
        XCTAssertEqual(logo.width, 400)
        let report = try dense.check(style: style)
        XCTAssertGreaterThan(report.logoCodewords, 0)
        XCTAssertLessThanOrEqual(report.logoCodewords, report.logoBudget)
        XCTAssertTrue(try dense.svg(style: style).contains("data:image/png;base64,"))
        XCTAssertThrowsError(try CKeyLogo(pngData: Data("not a png".utf8))) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .imageFormat)
        }
    }

    func testAtomicFileWrite() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ckey-render-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.svg").path
        try CKeyFile.write(Data(try symbol.svg().utf8), to: path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["a.svg"])
        XCTAssertThrowsError(try CKeyFile.write(Data([1]), to: dir.appendingPathComponent("no/x.png").path)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .ioError)
        }
    }
}
