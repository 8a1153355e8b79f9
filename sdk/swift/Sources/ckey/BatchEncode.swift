import CKey
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ckey encode --batch payloads.csv --out-dir DIR`: one file per CSV row,
/// named by a column; bad rows are reported and skipped, never fatal.
enum BatchEncode {
    static let names: Set<String> = ["batch", "out-dir", "name-column", "payload-column"]
    static let help = """
          --batch F       CSV with a header row; one symbol per row (printing runs)
          --out-dir D     where the batch files go (created if missing)
          --name-column C   column naming each file (default: name)
          --payload-column C column holding the payload (default: payload)
        """

    static func run(_ args: Arguments, symbolOptions options: SymbolOptions) throws -> Int32 {
        guard let csvPath = args.value("batch") else { return 2 }
        guard let outDir = args.value("out-dir") else { throw UsageError("--batch needs --out-dir DIR") }
        guard args.positionals.isEmpty, args.value("output") == nil, args.value("data-file") == nil else {
            throw UsageError("--batch takes its payloads from the CSV; drop TEXT, -o and --data-file")
        }
        let text: String
        do { text = try String(contentsOfFile: csvPath, encoding: .utf8) } catch {
            throw CKeyError(code: .ioError, message: "cannot read --batch '\(csvPath)': \(error.localizedDescription)")
        }
        var render = try RenderOptions(args, output: nil)
        if render.format == nil { render.format = .png }
        let ext = render.format!.rawValue
        let rows = parseCSV(text)
        guard let header = rows.first else { throw UsageError("'\(csvPath)' is empty; it needs a header row") }
        let nameColumn = args.value("name-column") ?? "name", payloadColumn = args.value("payload-column") ?? "payload"
        guard let nameIndex = header.firstIndex(of: nameColumn), let payloadIndex = header.firstIndex(of: payloadColumn) else {
            throw UsageError("'\(csvPath)' header is \(header); it needs columns '\(nameColumn)' and '\(payloadColumn)'")
        }
        do { try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true) } catch {
            throw CKeyError(code: .ioError, message: "cannot create --out-dir '\(outDir)': \(error.localizedDescription)")
        }
        let body = rows.dropFirst().enumerated().filter { !($0.element.count == 1 && $0.element[0].isEmpty) }
        let progress = Progress(total: body.count, enabled: isatty(STDERR_FILENO) != 0)
        var failures: [String] = []
        var seen: Set<String> = []
        var bytes = 0
        let start = Date()
        for (offset, row) in body {
            let line = offset + 2  // 1-based, after the header
            do {
                guard row.count > max(nameIndex, payloadIndex) else {
                    throw BatchError("has \(row.count) columns; the header has \(header.count)")
                }
                let name = row[nameIndex]
                guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
                    throw BatchError("name '\(name)' is not a plain file name")
                }
                guard seen.insert(name).inserted else { throw BatchError("name '\(name)' repeats an earlier row") }
                let symbol = try CKeySymbol.encode(Data(row[payloadIndex].utf8), version: options.version,
                                                   level: options.level, layout: options.layout,
                                                   profile: options.profile)
                let data = try render.render(symbol)
                try CKeyFile.write(data, to: (outDir as NSString).appendingPathComponent("\(name).\(ext)"))
                bytes += data.count
            } catch let error as CKeyError {
                failures.append("row \(line): \(error.message) [\(error.code)]")
            } catch let error as BatchError {
                failures.append("row \(line): \(error.message)")
            }
            progress.step()
        }
        progress.finish()
        let seconds = Date().timeIntervalSince(start)
        let written = body.count - failures.count
        for failure in failures { Output.error(failure) }
        let summary = String(format: "wrote %d of %d %@ files to %@ (%d bytes) in %.1f s; %d rows failed",
                             written, body.count, ext, outDir, bytes, seconds, failures.count)
        if args.flag("json") {
            Output.json(["written": written, "rows": body.count, "failed": failures, "bytes": bytes, "out_dir": outDir])
        } else {
            print(summary)
        }
        return failures.isEmpty ? 0 : 1
    }

    struct BatchError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = ""
        var quoted = false, afterQuote = false
        var iterator = text.makeIterator()
        while let ch = iterator.next() {
            if quoted {
                if ch == "\"" { quoted = false; afterQuote = true } else { field.append(ch) }
                continue
            }
            switch ch {
            case "\"":
                if afterQuote { field.append("\"") }
                quoted = true
                afterQuote = false
            case ",": row.append(field); field = ""; afterQuote = false
            case "\n", "\r\n": row.append(field); rows.append(row); row = []; field = ""; afterQuote = false
            case "\r": break
            default: field.append(ch); afterQuote = false
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    /// A one-line progress bar on standard error, only on a terminal.
    final class Progress {
        let total: Int
        let enabled: Bool
        var done = 0

        init(total: Int, enabled: Bool) { self.total = total; self.enabled = enabled }

        func step() {
            done += 1
            guard enabled, done == total || done % max(1, total / 200) == 0 else { return }
            let width = 30, filled = total == 0 ? width : done * width / total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
        }

        func finish() { if enabled && total > 0 { FileHandle.standardError.write(Data("\n".utf8)) } }
    }
}
