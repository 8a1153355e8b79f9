import CKey
import Foundation
import XCTest

final class CKeySymbolTests: XCTestCase {
    func testEncodeTextPicksSmallestVersion() throws {
        let symbol = try CKeySymbol.encode("https://openckey.org")
        XCTAssertEqual(symbol.profile, .scalable)
        XCTAssertEqual(symbol.version, 1)
        XCTAssertEqual(symbol.level, .m)
        XCTAssertEqual(symbol.moduleCount, 21)
        XCTAssertEqual(symbol.payload, Data("https://openckey.org".utf8))
    }

    func testTooLargeThrowsWithCapacityInMessage() {
        let data = Data(repeating: 0x41, count: 500)
        XCTAssertThrowsError(try CKeySymbol.encode(data, version: 3, level: .h)) { error in
            guard let error = error as? CKeyError else { return XCTFail("not a CKeyError: \(error)") }
            XCTAssertEqual(error.code, .payloadTooLarge)
            XCTAssertTrue(error.message.contains("500 bytes"), error.message)
        }
        do {
            _ = try CKeySymbol.encode(data, version: 3, level: .h)
            XCTFail("expected a refusal")
        } catch CKeyError.payloadTooLarge {
            // the pattern form works
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testVersionOutOfRange() {
        XCTAssertThrowsError(try CKeySymbol.capacity(version: 32)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .versionOutOfRange)
        }
    }

    func testFixedProfiles() throws {
        let locator = try CKeySymbol.encode(Data([1, 2, 3, 4]), profile: .locator)
        XCTAssertEqual(locator.version, 0)
        XCTAssertEqual(locator.moduleCount, 8)
        XCTAssertThrowsError(try CKeySymbol.encode(Data([1, 2, 3]), profile: .locator))
        XCTAssertThrowsError(try CKeySymbol.encode(Data([0xC3, 0x28]), profile: .text)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .invalidText)
        }
        XCTAssertGreaterThanOrEqual(try CKeySymbol.capacity(profile: .extended), 4000)
    }

    func testCapacityRisesWithVersion() throws {
        for level in CKeyLevel.allCases {
            var previous = 0
            for version in 1...31 {
                let bytes = try CKeySymbol.capacity(version: version, level: level)
                XCTAssertGreaterThan(bytes, previous)
                previous = bytes
            }
        }
        XCTAssertGreaterThanOrEqual(try CKeySymbol.capacity(version: 1, level: .m), 12)
        XCTAssertGreaterThanOrEqual(try CKeySymbol.capacity(version: 31, level: .l), 2000)
    }
}
