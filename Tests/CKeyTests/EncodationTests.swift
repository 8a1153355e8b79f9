import CKey
import XCTest

/// The segmented encodation through the Swift API: `encodation`, `segments`,
/// `streamBits` and `dataBits` (spec section 7).
final class EncodationTests: XCTestCase {
    func testGS1DigitalLinkSegments() throws {
        let link = "https://id.gs1.org/01/09520123456788"
        let symbol = try CKeySymbol.encode(link)
        XCTAssertEqual(symbol.encodation, .segmented)
        XCTAssertEqual(symbol.version, 1)
        XCTAssertEqual(symbol.segments.map(\.mode), [.prefix, .text40, .digits])
        XCTAssertEqual(symbol.segments.map(\.range), [0..<8, 8..<22, 22..<36])
        XCTAssertLessThanOrEqual(symbol.streamBits, symbol.dataBits)
        XCTAssertEqual(symbol.dataBits, 26 * 8)
    }

    func testSegmentsCoverThePayloadInOrder() throws {
        for text in ["https://example.com/p?utm_source=flyer&utm_medium=qr", "WIFI:T:WPA;S:Café;P:pass 1;;",
                     "TKT-2026-00418833", "0123456789012345678901234567890"] {
            let symbol = try CKeySymbol.encode(text)
            var next = 0
            for run in symbol.segments {
                XCTAssertEqual(run.range.lowerBound, next, text)
                next = run.range.upperBound
            }
            XCTAssertEqual(next, symbol.payload.count, text)
            // Render and scan it back: the decoder reads the segmented stream.
            let pixels = try symbol.pixels(size: 400)
            let result = try CKeyDecoder.decode(pixels: pixels.data, width: pixels.width, height: pixels.height,
                                                bytesPerRow: pixels.bytesPerRow, format: .rgba8)
            XCTAssertEqual(result?.text, text)
        }
    }

    func testCampaignURLUsesText48AndASmallerVersionThanBytes() throws {
        let url = "https://example.com/p?utm_source=flyer&utm_medium=qr&utm_campaign=spring26"
        let symbol = try CKeySymbol.encode(url)
        XCTAssertTrue(symbol.segments.contains { $0.mode == .text48 })
        // As bytes it would need 48 + 8 * 74 = 640 bits: version 4 at level M (66 codewords = 528 bits) is too small.
        let bytesBits = 48 + 8 * url.utf8.count
        XCTAssertLessThan(symbol.streamBits, bytesBits)
        XCTAssertLessThanOrEqual(symbol.version, 3)
    }

    func testEmptyPayloadIsBytesWithoutSegments() throws {
        let symbol = try CKeySymbol.encode(Data())
        XCTAssertEqual(symbol.encodation, .bytes)
        XCTAssertEqual(symbol.segments, [])
        XCTAssertEqual(symbol.streamBits, 48)
    }

    func testLocatorHasNoSegments() throws {
        let symbol = try CKeySymbol.encode(Data([1, 2, 3, 4]), profile: .locator)
        XCTAssertEqual(symbol.segments, [])
    }

    func testTooLargeMessageNamesTheBits() {
        XCTAssertThrowsError(try CKeySymbol.encode(String(repeating: "Ab", count: 40), version: 1)) { error in
            let message = (error as? CKeyError)?.message ?? ""
            XCTAssertTrue(message.contains("bits (segmented)"), message)
            XCTAssertTrue(message.contains("holds 208 bits"), message)
        }
    }
}
