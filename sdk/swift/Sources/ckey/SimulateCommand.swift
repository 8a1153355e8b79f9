import CKey
import Foundation

/// `ckey simulate`: renders a symbol into a simulated phone-camera frame.
enum SimulateCommand {
    static let help = """
        usage: ckey simulate TEXT --category NAME -o out.pgm [options]

        Encodes TEXT, prints it on every label of a camera scene drawn from
        the category and seed, and writes the frame as an 8-bit grey binary
        PGM (P5). The same category, seed, severity, text and backdrop give
        the same bytes (docs/camera-simulator.md describes the model).

          --category NAME  what the scene stresses (required), one of:
                           \(categoryNames)
          --seed N         drives every random draw, 0...2^64-1 (default 1)
          --severity X     0...1, how hard the category's factor is drawn (default 1)
          --backdrop F     a PNG photograph behind the labels, turned grey
                           (default: clutter drawn from the seed)
          --style S        plain (default) or concept
          -o, --output F   the frame, a .pgm file (written atomically)
          --json           print the scene and each label's corners as JSON
        \(SymbolOptions.help)

        Exit status: 0 written, 1 the library refused, 2 a usage error.
        """

    static var categoryNames: String { CKeyCameraCategory.allCases.map(\.name).joined(separator: ", ") }

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let args = try Arguments(RenderOptions.normalize(arguments),
                                 options: SymbolOptions.names.union(["category", "seed", "severity", "backdrop",
                                                                     "style", "output"]),
                                 flags: ["json", "help"])
        if args.flag("help") { print(help); return 0 }
        guard let categoryText = args.value("category") else {
            throw UsageError("missing --category; expected one of: \(categoryNames)")
        }
        guard let category = CKeyCameraCategory.allCases.first(where: { $0.name == categoryText.lowercased() }) else {
            throw UsageError("--category is '\(categoryText)'; expected one of: \(categoryNames)")
        }
        let seedText = args.value("seed") ?? "1"
        guard let seed = UInt64(seedText) else {
            throw UsageError("--seed is '\(seedText)'; expected a whole number from 0 to \(UInt64.max)")
        }
        let severityText = args.value("severity") ?? "1"
        guard let severity = Double(severityText) else {
            throw UsageError("--severity is '\(severityText)'; expected a number from 0 to 1")
        }
        let style = try args.choice("style", default: CKeyStyle.plain, from: ["plain": .plain, "concept": .concept])
        guard let output = args.value("output") else { throw UsageError("missing -o FILE.pgm for the frame") }
        // The C API has no grey PNG encoder, so frames are written as PGM, which `ckey decode` reads.
        guard (output as NSString).pathExtension.lowercased() == "pgm" else {
            throw UsageError("-o is '\(output)'; frames are written as 8-bit grey PGM, so name a .pgm file")
        }
        guard args.positionals.count == 1 else {
            throw UsageError(args.positionals.isEmpty ? "missing TEXT to encode"
                                                      : "expected one TEXT argument, got \(args.positionals.count); quote text with spaces")
        }
        let options = try SymbolOptions(args)
        let symbol = try CKeySymbol.encode(Data(args.positionals[0].utf8), version: options.version,
                                           level: options.level, layout: options.layout, profile: options.profile)
        let backdrop = try args.value("backdrop").map { path -> CKeyCameraTexture in
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw CKeyError(code: .ioError, message: "cannot read --backdrop '\(path)': \(error.localizedDescription)")
            }
            return try CKeyCameraTexture(pngData: data)
        }

        let scene = try CKeyCameraScene(category: category, seed: seed, severity: severity)
        let frame = try scene.render(symbol: symbol, style: style, backdrop: backdrop)
        var file = Data("P5\n\(frame.width) \(frame.height)\n255\n".utf8)
        file.append(contentsOf: frame.pixels)
        try CKeyFile.write(file, to: output)

        if args.flag("json") {
            let labels: [[String: Any]] = zip(frame.labelCorners, frame.labelVisible).map { corners, visible in
                ["corners": corners.map { [($0.x * 100).rounded() / 100, ($0.y * 100).rounded() / 100] },
                 "visible": visible]
            }
            Output.json(["category": category.name, "seed": seed, "severity": severity, "width": frame.width,
                         "height": frame.height, "output": output, "labels": labels])
        } else {
            print("wrote \(output): \(category.name) seed \(seed) severity \(severity), \(frame.width) x \(frame.height), \(frame.labelCorners.count) label(s)")
        }
        return 0
    }
}
