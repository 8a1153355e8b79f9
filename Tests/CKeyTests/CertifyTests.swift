import CKey
import Foundation
import XCTest

final class CertifyTests: XCTestCase {
    func testPlainCertifiesOverItsBackground() throws {
        let symbol = try CKeySymbol.encode("https://openckey.org")
        let report = try symbol.certify(style: .plain)
        XCTAssertTrue(report.certified, report.message)
        XCTAssertEqual(report.readings, 2)
        XCTAssertNotNil(report.worstMargin)
        XCTAssertNil(report.adaptedStyle)
    }

    func testTransparentWithoutBackdropIsNeverCertified() throws {
        let symbol = try CKeySymbol.encode("ABC123")
        let report = try symbol.certify(style: .plain, transparent: true)
        XCTAssertFalse(report.certified)
        XCTAssertTrue(report.message.contains("none were given"), report.message)
        let over = try symbol.certify(style: .plain, transparent: true, backdrops: [.white, CKeyColor(hex: 0xEEEEDD)])
        XCTAssertTrue(over.certified, over.message)
        XCTAssertEqual(over.backdropsTested, 2)
    }

    func testStrictStyleRefusalIsReported() throws {
        let symbol = try CKeySymbol.encode("ABC123")
        var style = CKeyStyle.plain
        style.ink = CKeyColor(hex: 0xDDDDDD)  // pale ink on white: the contrast check refuses it
        let report = try symbol.certify(style: style)
        XCTAssertFalse(report.certified)
        XCTAssertTrue(report.message.contains("style check"), report.message)
    }
}
