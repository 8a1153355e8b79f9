import CKey
import Foundation

/// `ckey classify`: what a payload may do, by the core's payload rules.
enum ClassifyCommand {
    static let help = """
        usage: ckey classify TEXT [--json]
               ckey classify - [--json]     (reads the payload from stdin, as is)

        Prints the action CKeyPayload.classify gives the payload, with the
        values an app shows, or "none" with the reason it is shown as text.
        Exit status: 0 an action, 3 no action (plain text).

          --json   print JSON
        """

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let args = try Arguments(arguments, options: [], flags: ["json", "help"])
        if args.flag("help") { print(help); return 0 }
        guard args.positionals.count == 1 else {
            throw UsageError(args.positionals.isEmpty ? "missing TEXT to classify"
                                                      : "expected one TEXT argument, got \(args.positionals.count); quote text with spaces")
        }
        let bytes = args.positionals[0] == "-" ? FileHandle.standardInput.readDataToEndOfFile()
                                               : Data(args.positionals[0].utf8)
        let result = CKeyPayload.classification(ofBytes: bytes)
        let fields = describe(result)
        if args.flag("json") {
            Output.json(fields)
        } else {
            let kind = fields["kind"] as? String ?? "none"
            print(kind)
            for key in fields.keys.sorted() where key != "kind" {
                print("  \(key): \(fields[key]!)")
            }
        }
        return result.action == nil ? 3 : 0
    }

    static func describe(_ result: CKeyPayload.Classification) -> [String: Any] {
        var out: [String: Any] = [:]
        switch result.action {
        case nil:
            out = ["kind": "none", "reason": result.reason ?? "", "message": result.message ?? ""]
        case .web(let url)?:
            out = ["kind": "web", "url": url.absoluteString, "display": result.displayHost ?? ""]
        case .email(let url, let address)?:
            out = ["kind": "email", "url": url.absoluteString, "address": address]
        case .call(let url, let number)?:
            out = ["kind": "call", "url": url.absoluteString, "number": number]
        case .message(let url, let number)?:
            out = ["kind": "message", "url": url.absoluteString, "number": number]
        case .geo(let url, let coordinate, let label, let mapURL)?:
            out = ["kind": "geo", "url": url.absoluteString, "latitude": coordinate.latitude,
                   "longitude": coordinate.longitude, "map_url": mapURL.absoluteString]
            if let altitude = coordinate.altitude { out["altitude"] = altitude }
            if let uncertainty = coordinate.uncertainty { out["uncertainty"] = uncertainty }
            if let label { out["label"] = label }
        case .address(let address, let mapURL)?:
            out = ["kind": "address", "address": address, "map_url": mapURL.absoluteString]
        case .contact(let vCard, let name)?:
            out = ["kind": "contact", "name": name, "vcard": vCard]
        }
        if result.isLookalike { out["lookalike"] = true }
        if let subject = result.subject { out["subject"] = subject }
        if let body = result.body { out["body"] = body }
        return out
    }
}
