import CKey
import Foundation
import XCTest

/// Round trips through the public API only: encode, render, decode.
final class DecoderTests: XCTestCase {
    private func decode(_ pixels: CKeyPixels) throws -> CKeyResult? {
        try CKeyDecoder.decode(pixels: pixels.data, width: pixels.width, height: pixels.height,
                               bytesPerRow: pixels.bytesPerRow, format: .rgba8)
    }

    /// `parts` placed side by side on a white RGBA canvas, `gap` px apart.
    private func sideBySide(_ parts: [CKeyPixels], gap: Int) -> (width: Int, height: Int, data: Data) {
        let height = parts.map(\.height).max() ?? 0
        let width = parts.map(\.width).reduce(0, +) + gap * (parts.count + 1)
        var data = Data(repeating: 255, count: width * height * 4)
        var left = gap
        for part in parts {
            for y in 0..<part.height {
                let source = part.data[(y * part.bytesPerRow)..<(y * part.bytesPerRow + part.width * 4)]
                let start = (y * width + left) * 4
                data.replaceSubrange(start..<(start + part.width * 4), with: source)
            }
            left += part.width + gap
        }
        return (width, height, data)
    }

    func testEveryPolicyLayoutAndStyleRoundTrips() throws {
        for layout in CKeyLayout.allCases {
            let text = "https://openckey.org/decoder/\(layout)"
            let symbol = try CKeySymbol.encode(text, version: 4, level: .q, layout: layout)
            for policy in CKeyRasterPolicy.allCases {
                for (name, style) in [("plain", CKeyStyle.plain), ("concept", CKeyStyle.concept)] {
                    let pixels = try symbol.pixels(size: 400, policy: policy, style: style)
                    let result = try decode(pixels)
                    XCTAssertEqual(result?.text, text, "layout \(layout) policy \(policy) style \(name)")
                    XCTAssertEqual(result?.version, 4)
                    XCTAssertEqual(result?.layout, layout)
                    XCTAssertEqual(result?.level, .q)
                    XCTAssertEqual(result?.isInverted, name == "concept")
                    XCTAssertEqual(result?.corners.count, 4)
                }
            }
        }
    }

    /// CoreVideo's pixel format codes, written out as their four characters,
    /// map to the layouts CKey reads; the 32-bit ones as premultiplied.
    func testBytesPerPixelIsTheCoreTable() {
        let expected: [CKeyPixelFormat: Int] = [
            .gray8: 1, .rgba8: 4, .bgra8: 4, .argb8: 4, .rgba8Premultiplied: 4, .bgra8Premultiplied: 4,
            .argb8Premultiplied: 4, .nv12VideoRange: 1, .nv12FullRange: 1,
        ]
        XCTAssertEqual(expected.count, CKeyPixelFormat.allCases.count)
        for format in CKeyPixelFormat.allCases { XCTAssertEqual(format.bytesPerPixel, expected[format], "\(format)") }
    }

    func testCoreVideoPixelFormatCodesMapToLayouts() throws {
        func code(_ characters: String) -> UInt32 { characters.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
        let expected: [(UInt32, CKeyPixelFormat)] = [
            (code("420v"), .nv12VideoRange), (code("420f"), .nv12FullRange), (code("L008"), .gray8),
            (code("BGRA"), .bgra8Premultiplied), (code("RGBA"), .rgba8Premultiplied), (32, .argb8Premultiplied),
        ]
        for (value, format) in expected {
            XCTAssertEqual(CKeyPixelFormat(coreVideoPixelFormat: value), format, String(value, radix: 16))
        }
        for unread in [code("y420"), code("2vuy"), code("x420"), code("b16g"), 24, 0] {
            XCTAssertNil(CKeyPixelFormat(coreVideoPixelFormat: unread), String(unread, radix: 16))
        }
        // An opaque camera-like BGRA frame decodes through the mapped format.
        let pixels = try CKeySymbol.encode("core video", version: 2).pixels(size: 186)
        var bgra = Data(pixels.data)
        for i in stride(from: 0, to: bgra.count, by: 4) { bgra.swapAt(i, i + 2) }
        let format = try XCTUnwrap(CKeyPixelFormat(coreVideoPixelFormat: code("BGRA")))
        let result = try CKeyDecoder.decode(pixels: bgra, width: pixels.width, height: pixels.height,
                                            bytesPerRow: pixels.bytesPerRow, format: format)
        XCTAssertEqual(result?.text, "core video")
    }

    func testFixedProfilesRoundTrip() throws {
        let locator = try CKeySymbol.encode(Data([0xDE, 0xAD, 0xBE, 0xEF]), profile: .locator)
        let found = try decode(locator.pixels(size: 96))
        XCTAssertEqual(found?.profile, .locator)
        XCTAssertEqual(found?.bytes, Data([0xDE, 0xAD, 0xBE, 0xEF]))
        let text = try CKeySymbol.encode("Profile 2 text", profile: .text)
        XCTAssertEqual(try decode(text.pixels(size: 200))?.profile, .text)
    }

    func testTransparentRenderingDecodesOverWhite() throws {
        let symbol = try CKeySymbol.encode("transparent", version: 2)
        let pixels = try symbol.pixels(size: 186, transparent: true)
        XCTAssertEqual(try decode(pixels)?.text, "transparent")
    }

    func testDecodeFileAtWrittenPNG() throws {
        let symbol = try CKeySymbol.encode("file round trip", version: 3)
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ckey-decoder-\(ProcessInfo.processInfo.processIdentifier).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try CKeyFile.write(symbol.pngData(size: 217), to: url.path)
        let result = try CKeyDecoder.decode(fileAt: url)
        XCTAssertEqual(result?.text, "file round trip")
        XCTAssertEqual(try CKeyDecoder.decodeAll(fileAt: url).count, 1)
    }

    func testDecodeAllFindsTwoSymbolsSideBySide() throws {
        let first = try CKeySymbol.encode("left symbol", version: 2).pixels(size: 200)
        let second = try CKeySymbol.encode("right symbol", version: 2).pixels(size: 200)
        let frame = sideBySide([first, second], gap: 40)
        let results = try CKeyDecoder.decodeAll(pixels: frame.data, width: frame.width, height: frame.height,
                                                bytesPerRow: frame.width * 4, format: .rgba8)
        XCTAssertEqual(Set(results.compactMap(\.text)), ["left symbol", "right symbol"])
        XCTAssertEqual(results.count, 2)
        // decode (not all) returns one of them.
        let one = try CKeyDecoder.decode(pixels: frame.data, width: frame.width, height: frame.height,
                                         bytesPerRow: frame.width * 4, format: .rgba8)
        XCTAssertTrue(["left symbol", "right symbol"].contains(one?.text ?? ""))
    }

    func testTooSmallBytesPerRowThrowsInvalidArgument() throws {
        let data = Data(repeating: 255, count: 100 * 100 * 4)
        XCTAssertThrowsError(try CKeyDecoder.decode(pixels: data, width: 100, height: 100, bytesPerRow: 399,
                                                    format: .rgba8)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .invalidArgument, "\(error)")
        }
        XCTAssertThrowsError(try CKeyDecoder.decode(pixels: data, width: 0, height: 100, bytesPerRow: 400,
                                                    format: .rgba8)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .invalidArgument, "\(error)")
        }
        // A buffer shorter than its rows claim.
        XCTAssertThrowsError(try CKeyDecoder.decode(pixels: data.prefix(1000), width: 100, height: 100,
                                                    bytesPerRow: 400, format: .rgba8)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .invalidArgument, "\(error)")
        }
    }

    func testBlankImageReturnsNil() throws {
        let white = Data(repeating: 255, count: 320 * 240)
        XCTAssertNil(try CKeyDecoder.decode(pixels: white, width: 320, height: 240, bytesPerRow: 320, format: .gray8))
        XCTAssertEqual(try CKeyDecoder.decodeAll(pixels: white, width: 320, height: 240, bytesPerRow: 320,
                                                 format: .gray8).count, 0)
    }

    func testTextAndBinaryPayloads() throws {
        let textSymbol = try CKeySymbol.encode("line one\nline two\ttab", version: 3)
        let text = try decode(textSymbol.pixels(size: 217))
        XCTAssertEqual(text?.text, "line one\nline two\ttab")

        let binary = Data([0x00, 0x01, 0x7F, 0x41, 0x1B, 0xFF, 0x80])
        let binarySymbol = try CKeySymbol.encode(binary, version: 2)
        let bytes = try decode(binarySymbol.pixels(size: 186))
        XCTAssertEqual(bytes?.bytes, binary)
        XCTAssertNotNil(bytes)
        XCTAssertNil(bytes?.text)

        // Valid UTF-8 holding a control character is bytes, not text.
        let bell = Data("ring\u{07}bell".utf8)
        let bellResult = try decode(CKeySymbol.encode(bell, version: 2).pixels(size: 186))
        XCTAssertEqual(bellResult?.bytes, bell)
        XCTAssertNil(bellResult?.text)
    }
}
