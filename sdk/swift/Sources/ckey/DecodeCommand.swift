import CKey
import Foundation

/// `ckey decode`: scans image files and prints what they hold.
enum DecodeCommand {
    static let help = """
        usage: ckey decode FILE... [--all] [--json]

        Scans PNG, JPEG, PGM or PPM files for CKey symbols. FILE - reads one image
        from standard input (cat a.png | ckey decode -). Only regular files are
        read: a FIFO, device or directory is refused at once.
          --all    report every symbol in each file, not just the first
          --json   one JSON object per file, with every result field and decode_ms

        Exit status: 0 when every file held a symbol, 3 when any held none,
        1 when a file could not be read (the others are still scanned).
        """

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let args = try Arguments(arguments, options: [], flags: ["all", "json", "help"])
        if args.flag("help") { print(help); return 0 }
        guard !args.positionals.isEmpty else { throw UsageError("missing FILE to decode") }
        guard args.positionals.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError("- (standard input) is given more than once; it holds one image")
        }
        var status: Int32 = 0
        for path in args.positionals {
            let start = DispatchTime.now().uptimeNanoseconds
            let results: [CKeyResult]
            do {
                let url = URL(fileURLWithPath: path)
                switch (path == "-", args.flag("all")) {
                case (true, true): results = try CKeyDecoder.decodeAllFromStandardInput()
                case (true, false): results = try CKeyDecoder.decodeFromStandardInput().map { [$0] } ?? []
                case (false, true): results = try CKeyDecoder.decodeAll(fileAt: url)
                case (false, false): results = try CKeyDecoder.decode(fileAt: url).map { [$0] } ?? []
                }
            } catch let error as CKeyError {
                Output.error("\(error.message) [\(error.code)]")
                if args.flag("json") { Output.json(["file": path, "error": error.message, "code": "\(error.code)"]) }
                status = 1
                continue
            }
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if results.isEmpty && status == 0 { status = 3 }
            if args.flag("json") {
                Output.json(["file": path, "found": !results.isEmpty, "decode_ms": (milliseconds * 1000).rounded() / 1000,
                             "results": results.map(describe)])
            } else if results.isEmpty {
                print("\(path): no CKey symbol found")
            } else {
                for result in results {
                    let shown = result.text.map { "\"\($0)\"" } ?? "\(result.bytes.count) bytes (binary, hex \(result.bytes.prefix(32).map { String(format: "%02x", $0) }.joined())\(result.bytes.count > 32 ? "..." : ""))"
                    print("\(path): \(shown)")
                    print("  profile \(result.profile), version \(result.version), level \(result.level), layout \(result.layout)\(result.isInverted ? ", inverted" : "")\(result.isMirrored ? ", mirrored" : "")")
                    print("  corrected \(result.errorsCorrected) errors + \(result.erasuresFilled) erasures; correction margin \(result.correctionMargin) of \(result.parityPerBlock)")
                }
            }
        }
        return status
    }

    static func describe(_ r: CKeyResult) -> [String: Any] {
        var object: [String: Any] = [
            "bytes_hex": r.bytes.map { String(format: "%02x", $0) }.joined(), "length": r.bytes.count,
            "profile": r.profile.description, "version": r.version, "level": r.level.description,
            "layout": r.layout.description, "inverted": r.isInverted, "mirrored": r.isMirrored,
            "corners": r.corners.map { [($0.x * 100).rounded() / 100, ($0.y * 100).rounded() / 100] },
            "errors_corrected": r.errorsCorrected, "erasures_filled": r.erasuresFilled,
            "correction_margin": r.correctionMargin, "parity_per_block": r.parityPerBlock,
        ]
        object["text"] = r.text ?? NSNull()
        return object
    }
}
