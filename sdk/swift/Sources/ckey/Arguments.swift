/// A small command-line parser: positionals, `--name value` options, and
/// `--flag` switches. Unknown options are usage errors, never ignored.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var repeated: [String: [String]] = [:]
    private var switches: Set<String> = []

    init(_ arguments: ArraySlice<String>, options: Set<String>, flags: Set<String>) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: rest)
                break
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                switches.insert(name)
            } else if options.contains(name) {
                guard let value = inlineValue ?? rest.popFirst() else { throw UsageError("--\(name) needs a value") }
                values[name] = value
                repeated[name, default: []].append(value)
            } else {
                let known = (options.union(flags)).sorted().map { "--\($0)" }.joined(separator: ", ")
                throw UsageError("unknown option --\(name); this command takes: \(known)")
            }
        }
    }

    func flag(_ name: String) -> Bool { switches.contains(name) }
    /// The last value given for an option.
    func value(_ name: String) -> String? { values[name] }
    /// Every value given for a repeatable option, in order.
    func values(_ name: String) -> [String] { repeated[name] ?? [] }

    func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("--\(name) is '\(text)'; expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func choice<T>(_ name: String, default fallback: T, from table: [String: T]) throws -> T {
        guard let text = values[name] else { return fallback }
        guard let value = table[text.lowercased()] else {
            throw UsageError("--\(name) is '\(text)'; expected one of: \(table.keys.sorted().joined(separator: ", "))")
        }
        return value
    }
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
