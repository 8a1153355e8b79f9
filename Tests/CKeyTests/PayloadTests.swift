import CKey
import Foundation
import XCTest

/// spec/vectors/payload.json through the Swift API: the same vectors the
/// core's C++ test reads, mapped into `CKeyPayload.Action`.
final class PayloadTests: XCTestCase {
    private static let vectorsURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec/vectors/payload.json")

    private func input(of vector: [String: Any]) throws -> Data {
        if let hex = vector["input_hex"] as? String {
            var bytes = [UInt8]()
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                bytes.append(try XCTUnwrap(UInt8(hex[index..<next], radix: 16)))
                index = next
            }
            return Data(bytes)
        }
        if let text = vector["input"] as? String { return Data(text.utf8) }
        let spec = try XCTUnwrap(vector["input"] as? [String: Any])
        let repeated = String(repeating: try XCTUnwrap(spec["repeat"] as? String), count: try XCTUnwrap(spec["count"] as? Int))
        return Data(((spec["prefix"] as? String ?? "") + repeated + (spec["suffix"] as? String ?? "")).utf8)
    }

    /// The action's values under the vector's field names.
    private func fields(_ result: CKeyPayload.Classification) -> (kind: String, values: [String: Any]) {
        var values: [String: Any] = [:]
        if let host = result.displayHost { values["display"] = host }
        if let subject = result.subject { values["subject"] = subject }
        if let body = result.body { values["body"] = body }
        switch result.action {
        case nil:
            return ("none", values)
        case .web(let url)?:
            values["url"] = url.absoluteString
            return ("web", values)
        case .email(let url, let address)?:
            values["url"] = url.absoluteString
            values["address"] = address
            return ("email", values)
        case .call(let url, let number)?:
            values["url"] = url.absoluteString
            values["number"] = number
            return ("call", values)
        case .message(let url, let number)?:
            values["url"] = url.absoluteString
            values["number"] = number
            return ("message", values)
        case .geo(let url, let coordinate, let label, let mapURL)?:
            values["url"] = url.absoluteString
            values["map_url"] = mapURL.absoluteString
            values["latitude"] = coordinate.latitude
            values["longitude"] = coordinate.longitude
            if let altitude = coordinate.altitude { values["altitude"] = altitude }
            if let uncertainty = coordinate.uncertainty { values["uncertainty"] = uncertainty }
            if let label { values["label"] = label }
            return ("geo", values)
        case .address(let address, let mapURL)?:
            values["address"] = address
            values["map_url"] = mapURL.absoluteString
            return ("address", values)
        case .contact(let vCard, let name)?:
            values["vcard"] = vCard
            values["name"] = name
            return ("contact", values)
        }
    }

    func testVectors() throws {
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Self.vectorsURL)) as? [String: Any])
        XCTAssertEqual(document["input_cap"] as? Int, CKeyPayload.inputCap)
        let vectors = try XCTUnwrap(document["vectors"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(vectors.count, 60)
        let skipped: Set<String> = ["id", "input", "input_hex", "kind", "reason", "note", "lookalike"]
        for vector in vectors {
            let id = try XCTUnwrap(vector["id"] as? String)
            let bytes = try input(of: vector)
            let result = CKeyPayload.classification(ofBytes: bytes)
            // The String entry point agrees whenever the bytes are a String. (Not
            // String(data:encoding:), which drops a leading BOM.)
            let text = String(decoding: bytes, as: UTF8.self)
            if Data(text.utf8) == bytes {
                XCTAssertEqual(CKeyPayload.classify(text), result.action, id)
            }
            // A vector without "lookalike" expects false.
            XCTAssertEqual(result.isLookalike, (vector["lookalike"] as? NSNumber)?.boolValue ?? false, "\(id): lookalike")
            let (kind, values) = fields(result)
            XCTAssertEqual(kind, vector["kind"] as? String, "\(id): \(result.reason ?? "") \(result.message ?? "")")
            guard kind == vector["kind"] as? String else { continue }
            if kind == "none" {
                XCTAssertEqual(result.reason, vector["reason"] as? String, "\(id): \(result.message ?? "")")
                XCTAssertFalse((result.message ?? "").isEmpty, id)
            }
            for (key, expected) in vector where !skipped.contains(key) {
                let actual = values[key]
                if expected is NSNull {
                    XCTAssertNil(actual, "\(id): \(key) should be absent")
                } else if let text = expected as? String {
                    let want = text == "$input" ? String(decoding: bytes, as: UTF8.self) : text
                    XCTAssertEqual(actual as? String, want, "\(id): \(key)")
                } else if let number = expected as? Double {
                    let got = try XCTUnwrap(actual as? Double, "\(id): \(key) missing")
                    XCTAssertEqual(got, number, accuracy: 1e-9, "\(id): \(key)")
                } else {
                    XCTFail("\(id): unreadable expectation for \(key)")
                }
            }
        }
    }

    /// The contract's switch compiles against the real shapes.
    func testContractSwitch() throws {
        func button(_ action: CKeyPayload.Action) -> String {
            switch action {
            case .web(let url): return "Open \(url.host ?? "link")"
            case .email(_, let address): return "Email \(address)"
            case .call(_, let number): return "Call \(number)"
            case .message(_, let number): return "Message \(number)"
            case .geo(_, _, let label, let mapURL): return "Show \(label ?? "location") in Maps \(mapURL.absoluteString)"
            case .address(let address, let mapURL): return "Show \(address) in Maps \(mapURL.absoluteString)"
            case .contact(_, let name): return "Add \(name) to Contacts"
            }
        }
        XCTAssertEqual(button(try XCTUnwrap(CKeyPayload.classify("https://openckey.org/x"))), "Open openckey.org")
        XCTAssertEqual(button(try XCTUnwrap(CKeyPayload.classify("geo:37.786971,-122.399677;u=35"))),
                       "Show location in Maps https://maps.apple.com/?ll=37.786971,-122.399677")
        XCTAssertNil(CKeyPayload.classify("javascript:alert(1)"))
        XCTAssertNil(CKeyPayload.classify("https://bank.com@evil.com/"))
        let refused = CKeyPayload.classification(of: "tel:*#06#")
        XCTAssertNil(refused.action)
        XCTAssertEqual(refused.reason, "ussd")
    }
}
