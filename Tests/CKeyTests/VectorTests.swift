import CKey
import Foundation
import XCTest

/// spec/vectors/symbols.json through the Swift API: every input encodes to
/// exactly the expected symbol. The C++ suite reads the same file
/// (Tests/core/test_vectors.cpp) and also decodes each matrix back.
final class VectorTests: XCTestCase {
    struct VectorFile: Decodable {
        let vectors: [Vector]
    }

    struct Vector: Decodable {
        struct Input: Decodable {
            let profile: Int
            let version: Int
            let level: String
            let layout: String
            let payload_hex: String
        }

        struct Expect: Decodable {
            let version: Int
            let level: String
            let layout: String
            let mask: Int
            let modules: Int
            let capacity: Int
            let format: String
            let matrix: [String]
        }

        let name: String
        let input: Input
        let expect: Expect
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func loadVectors() throws -> [Vector] {
        let url = Self.root.appendingPathComponent("spec/vectors/symbols.json")
        return try JSONDecoder().decode(VectorFile.self, from: Data(contentsOf: url)).vectors
    }

    static func bytes(hex: String) -> Data {
        var data = Data()
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            data.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return data
    }

    static func level(_ name: String) -> CKeyLevel {
        ["L": .l, "M": .m, "Q": .q, "H": .h][name]!
    }

    static func layout(_ name: String) -> CKeyLayout { name == "print" ? .print : .standard }

    func testVectorFileCoversEveryProfile() throws {
        let vectors = try loadVectors()
        XCTAssertGreaterThanOrEqual(vectors.count, 20)
        XCTAssertEqual(Set(vectors.map(\.input.profile)), [0, 1, 2, 3])
    }

    func testEveryVectorEncodesToItsSymbol() throws {
        for vector in try loadVectors() {
            let payload = Self.bytes(hex: vector.input.payload_hex)
            let profile = CKeyProfile(rawValue: vector.input.profile)!
            let symbol = try CKeySymbol.encode(payload, version: vector.input.version,
                                               level: Self.level(vector.input.level),
                                               layout: Self.layout(vector.input.layout), profile: profile)
            let expect = vector.expect
            XCTAssertEqual(symbol.profile, profile, vector.name)
            XCTAssertEqual(symbol.version, expect.version, vector.name)
            XCTAssertEqual(symbol.level, Self.level(expect.level), vector.name)
            XCTAssertEqual(symbol.layout, Self.layout(expect.layout), vector.name)
            XCTAssertEqual(symbol.mask, expect.mask, vector.name)
            XCTAssertEqual(symbol.moduleCount, expect.modules, vector.name)
            XCTAssertEqual(symbol.capacity, expect.capacity, vector.name)
            XCTAssertEqual(symbol.payload, payload, vector.name)
            let expectedText = "format \(expect.format)\n" + expect.matrix.map { $0 + "\n" }.joined()
            XCTAssertEqual(symbol.matrixText, expectedText, "\(vector.name): matrix differs from the vector")
        }
    }
}
