import CKey
import Foundation

/// `ckey encode`: encodes a payload; prints its summary or writes PNG, SVG, PDF or raw pixels.
enum EncodeCommand {
    static let help = """
        usage: ckey encode TEXT [options] [-o out.png|out.svg|out.pdf]
               ckey encode --data-file FILE [options]   (FILE '-' reads stdin)
               ckey encode --batch payloads.csv --out-dir DIR [options]

        Encodes a payload and prints the symbol's summary, or writes it with -o.
        Files are written atomically (a temporary file, then a rename).

        \(SymbolOptions.help)
          --data-file F   read the payload bytes from a file or '-' for stdin
          --matrix        also print the module matrix
          --json          print JSON
        \(RenderOptions.help)
        \(BatchEncode.help)
        """

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let args = try Arguments(RenderOptions.normalize(arguments),
                                 options: SymbolOptions.names.union(["data-file"]).union(RenderOptions.names)
                                     .union(BatchEncode.names),
                                 flags: RenderOptions.flags.union(["json", "matrix", "help"]))
        if args.flag("help") { print(help); return 0 }
        let options = try SymbolOptions(args)
        if args.value("batch") != nil { return try BatchEncode.run(args, symbolOptions: options) }
        if args.value("out-dir") != nil { throw UsageError("--out-dir goes with --batch") }
        let output = args.value("output")
        let render = try RenderOptions(args, output: output)
        let payload = try payloadBytes(args)
        let symbol = try CKeySymbol.encode(payload, version: options.version, level: options.level,
                                           layout: options.layout, profile: options.profile)
        var written: [String: Any] = [:]
        if let output {
            if render.transparent, let report = try? symbol.check(style: render.style, transparent: true),
               !report.warnings.isEmpty {
                Output.error("warning: \(report.message)")
            }
            let data = try render.render(symbol)
            if output == "-" {
                FileHandle.standardOutput.write(data)
                return 0
            }
            try CKeyFile.write(data, to: output)
            written = ["output": output, "format": (render.format ?? .png).rawValue, "bytes": data.count]
        } else if render.format != nil {
            throw UsageError("--format needs -o FILE (or -o - for stdout)")
        }
        if args.flag("json") {
            var object: [String: Any] = summary(symbol).merging(written) { $1 }
            if args.flag("matrix") { object["matrix"] = symbol.matrixText }
            Output.json(object)
        } else {
            print("profile \(symbol.profile) (\(symbol.profile.rawValue)), version \(symbol.version), level \(symbol.level), layout \(symbol.layout)")
            print("modules \(symbol.moduleCount) x \(symbol.moduleCount), mask \(symbol.mask)")
            print("payload \(symbol.payload.count) bytes, \(packing(symbol)), \(symbol.streamBits) of \(symbol.dataBits) bits; "
                  + "this version and level hold \(symbol.capacity) bytes of any kind")
            if let output { print("wrote \(output) (\(written["bytes"] ?? 0) bytes)") }
            if args.flag("matrix") { print(symbol.matrixText, terminator: "") }
        }
        return 0
    }

    static func payloadBytes(_ args: Arguments) throws -> Data {
        if let path = args.value("data-file") {
            guard args.positionals.isEmpty else { throw UsageError("give either TEXT or --data-file, not both") }
            if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
            do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw CKeyError(code: .ioError, message: "cannot read --data-file '\(path)': \(error.localizedDescription)")
            }
        }
        guard args.positionals.count == 1 else {
            throw UsageError(args.positionals.isEmpty ? "missing TEXT to encode (or --data-file)"
                                                      : "expected one TEXT argument, got \(args.positionals.count); quote text with spaces")
        }
        return Data(args.positionals[0].utf8)
    }

    static func summary(_ symbol: CKeySymbol) -> [String: Any] {
        ["profile": symbol.profile.description, "version": symbol.version, "level": symbol.level.description,
         "layout": symbol.layout.description, "modules": symbol.moduleCount, "mask": symbol.mask,
         "payload_bytes": symbol.payload.count, "capacity": symbol.capacity,
         "encodation": symbol.encodation.description, "stream_bits": symbol.streamBits, "data_bits": symbol.dataBits,
         "segments": segmentsJSON(symbol)]
    }

    /// The runs as JSON objects: mode, offset, length and the run's text.
    static func segmentsJSON(_ symbol: CKeySymbol) -> [[String: Any]] {
        let bytes = [UInt8](symbol.payload)
        return symbol.segments.map { run in
            var object: [String: Any] = ["mode": run.mode.description, "offset": run.range.lowerBound,
                                         "length": run.range.count]
            if let text = String(bytes: bytes[run.range], encoding: .utf8) { object["text"] = text }
            return object
        }
    }

    /// "coded as segmented: prefix https://, text40 14, digits 14".
    static func packing(_ symbol: CKeySymbol) -> String {
        let bytes = [UInt8](symbol.payload)
        let runs = symbol.segments.map { run -> String in
            run.mode == .prefix ? "prefix \(String(decoding: bytes[run.range], as: UTF8.self))" : "\(run.mode) \(run.range.count)"
        }
        return "coded as \(symbol.encodation)" + (runs.isEmpty ? "" : ": " + runs.joined(separator: ", "))
    }
}
