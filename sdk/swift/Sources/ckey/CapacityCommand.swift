import CKey
import Foundation

/// `ckey capacity`: one capacity, or the whole table.
enum CapacityCommand {
    static let help = """
        usage: ckey capacity [--version N] [--level L] [--layout K] [--profile P] [--json]
               ckey capacity --payload TEXT [--layout K] [--profile P] [--json]

        With --version (or a fixed --profile), prints that capacity in bytes.
        Without, prints the table for every version, level and layout.
        With --payload, prints the version each level needs for that payload,
        the bits it takes, how it is segmented, and why no smaller version holds it.
        Byte capacities hold any bytes; text packs smaller (digits 3.3 bits a
        character, text40 5.3, mixed-case URL characters 6.3).
        """

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let args = try Arguments(arguments, options: SymbolOptions.names.union(["payload"]), flags: ["json", "help"])
        if args.flag("help") { print(help); return 0 }
        guard args.positionals.isEmpty else { throw UsageError("capacity takes no positional arguments") }
        let options = try SymbolOptions(args)
        if let text = args.value("payload") {
            return try CapacityPayload.run(payload: Data(text.utf8), options: options, json: args.flag("json"))
        }
        if options.profile != .scalable || options.version != 0 {
            let bytes = options.profile == .scalable
                ? try CKeySymbol.capacity(version: options.version, level: options.level, layout: options.layout)
                : try CKeySymbol.capacity(profile: options.profile)
            if args.flag("json") {
                Output.json(["profile": options.profile.description, "version": options.version,
                             "level": options.level.description, "layout": options.layout.description,
                             "capacity": bytes])
            } else {
                print(bytes)
            }
            return 0
        }
        var rows: [[String: Any]] = []
        if !args.flag("json") { print("version  layout    L     M     Q     H") }
        for layout in CKeyLayout.allCases {
            for version in 1...31 {
                let caps = try CKeyLevel.allCases.map { try CKeySymbol.capacity(version: version, level: $0, layout: layout) }
                if args.flag("json") {
                    rows.append(["version": version, "layout": layout.description, "L": caps[0], "M": caps[1], "Q": caps[2], "H": caps[3]])
                } else {
                    let cells = caps.map { String($0).leftPadded(to: 5) }.joined(separator: " ")
                    print("\(String(version).leftPadded(to: 7))  \(layout.description.padding(to: 8)) \(cells)")
                }
            }
        }
        if args.flag("json") { Output.json(["table": rows]) }
        return 0
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
