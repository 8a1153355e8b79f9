import CKey
import Foundation

/// `ckey grade`: grades the print quality of one printed symbol.
enum GradeCommand {
    static let help = """
        usage: ckey grade IMAGE [--json] [--card out.png] [--report out.pdf]

        Grades the print quality of the one CKey symbol in IMAGE (PNG, JPEG, PGM
        or PPM; - reads standard input) from A (4) to F (0), parameter by
        parameter (spec/CKey-Print-Quality.md). The overall grade is the lowest
        parameter grade. The symbol must read, be Profile 0, 2 or 3, and have at
        least 4 px per module. An uncalibrated camera or scanner gives an
        indication, not a verification.
          --json          print every measurement as JSON (the core's report)
          --card F        write the grade card, a PNG (written atomically)
          --report F      write a one-page PDF report (written atomically)

        Exit status: 0 graded (whatever the grade), 1 the library refused or a
        file could not be read or written, 2 a usage error, 3 no symbol could be
        graded (none reads, or it does not decode on a fitted grid; the message
        says which).
        """

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let args = try Arguments(arguments, options: ["card", "report"], flags: ["json", "help"])
        if args.flag("help") { print(help); return 0 }
        let path = try imagePath(args)
        let grade: CKeyPrintGrade
        do {
            grade = path == "-" ? try CKeyDecoder.gradeFromStandardInput()
                                : try CKeyDecoder.grade(fileAt: URL(fileURLWithPath: path))
        } catch let error as CKeyError where error.code == .decodeFailed {
            Output.error("\(path): \(error.message) [\(error.code)]")
            return 3
        }
        if let card = args.value("card") { try CKeyFile.write(grade.cardPNG, to: card) }
        if let report = args.value("report") { try CKeyFile.write(grade.reportPDF, to: report) }
        if args.flag("json") {
            print(grade.json.hasSuffix("\n") ? String(grade.json.dropLast()) : grade.json)
            return 0
        }
        printTable(grade, path: path)
        if let card = args.value("card") { print("wrote \(card)") }
        if let report = args.value("report") { print("wrote \(report)") }
        return 0
    }

    /// The one IMAGE argument, after the checks the shared parser leaves to commands.
    static func imagePath(_ args: Arguments) throws -> String {
        // The parser reads "-x" as a positional; here only "-" (standard input) may start with a dash.
        if let stray = args.positionals.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw UsageError("unknown option \(stray); this command takes: --card, --json, --report")
        }
        guard args.positionals.count == 1 else {
            throw UsageError(args.positionals.isEmpty ? "missing IMAGE to grade"
                                                      : "expected one IMAGE, got \(args.positionals.count); grade one image at a time")
        }
        for name in ["card", "report"] {
            if let value = args.value(name), value.isEmpty || value.hasPrefix("-") {
                throw UsageError("--\(name) needs a file name, got '\(value)'")
            }
        }
        return args.positionals[0]
    }

    static func printTable(_ grade: CKeyPrintGrade, path: String) {
        print("\(path): grade \(grade.letter) (\(grade.overall))")
        print("  profile \(grade.profile) (\(grade.profile.rawValue)), version \(grade.version), level \(grade.level), "
              + "layout \(grade.layout), \(grade.modules) x \(grade.modules) modules, "
              + String(format: "%.1f px per module", grade.pixelsPerModule) + (grade.isInverted ? ", inverted" : ""))
        print(String(format: "  reflectance %.1f%% to %.1f%%, threshold %.1f%%", grade.reflectanceMin,
                     grade.reflectanceMax, grade.threshold))
        let width = grade.parameters.map(\.name.count).max() ?? 0
        for parameter in grade.parameters {
            print("  \(pad(parameter.name, width))  \(pad(shown(parameter), 8))  \(parameter.letter) (\(parameter.grade))")
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// A parameter's value in its unit (the exact numbers are in --json).
    static func shown(_ parameter: CKeyPrintGrade.Parameter) -> String {
        switch parameter.name {
        case "symbol_contrast", "minimum_reflectance", "minimum_edge_contrast":
            return String(format: "%.1f%%", parameter.value)
        case "ring_damage", "band_damage", "key_damage":
            return String(format: "%.1f%%", parameter.value * 100)
        case "print_growth_x", "print_growth_y":
            return String(format: "%+.3f", parameter.value)
        default:
            return String(format: "%.3f", parameter.value)
        }
    }
}
