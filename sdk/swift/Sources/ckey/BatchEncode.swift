import CKey
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ckey encode --batch payloads.csv --out-dir DIR`: one file per CSV row,
/// named by a column. The CSV is read strictly (CSVReader); a bad row is
/// reported as soon as it is found and skipped, never fatal. Rows are encoded
/// on every core.
enum BatchEncode {
    static let names: Set<String> = ["batch", "out-dir", "name-column", "payload-column", "jobs"]
    static let help = """
          --batch F       CSV (RFC 4180, UTF-8) with a header row; one symbol per
                          row (printing runs); - reads standard input
          --out-dir D     where the batch files go (created if missing)
          --name-column C   column naming each file (default: name)
          --payload-column C column holding the payload (default: payload)
          --jobs N        rows encoded at once (default: one per core)
        """

    /// A row ready to encode.
    struct Job {
        let line: Int
        let name: String
        let payload: String
    }

    static func run(_ args: Arguments, symbolOptions options: SymbolOptions) throws -> Int32 {
        guard let csvPath = args.value("batch") else { return 2 }
        guard let outDir = args.value("out-dir") else { throw UsageError("--batch needs --out-dir DIR") }
        guard args.positionals.isEmpty, args.value("output") == nil, args.value("data-file") == nil else {
            throw UsageError("--batch takes its payloads from the CSV; drop TEXT, -o and --data-file")
        }
        var render = try RenderOptions(args, output: nil)
        if render.format == nil { render.format = .png }
        let records = try readRecords(csvPath)
        let nameColumn = args.value("name-column") ?? "name", payloadColumn = args.value("payload-column") ?? "payload"
        let report = Report()
        let jobs = try plan(records, path: csvPath, nameColumn: nameColumn, payloadColumn: payloadColumn, report: report)
        do { try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true) } catch {
            throw CKeyError(code: .ioError, message: "cannot create --out-dir '\(outDir)': \(error.localizedDescription)")
        }
        let rows = records.count - 1
        let start = Date()
        report.begin(total: rows)
        let workers = try args.integer("jobs", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
        encodeAll(jobs, workers: workers, options: options, render: render, outDir: outDir, report: report)
        report.finishProgress()
        let seconds = Date().timeIntervalSince(start)
        let failed = report.failureCount, written = rows - failed
        let ext = render.format!.rawValue
        if args.flag("json") {
            Output.json(["written": written, "rows": rows, "failed": report.sortedFailures, "bytes": report.bytes,
                         "out_dir": outDir, "seconds": (seconds * 1000).rounded() / 1000])
        } else {
            print(String(format: "wrote %d of %d %@ files to %@ (%d bytes) in %.1f s (%.0f rows/s); %d rows failed",
                         written, rows, ext, outDir, report.bytes, seconds, Double(rows) / max(seconds, 1e-9), failed))
        }
        return failed == 0 ? 0 : 1
    }

    /// The CSV's records, header first. Refuses unreadable, empty and
    /// malformed files with a message naming the file.
    static func readRecords(_ path: String) throws -> [CSVReader.Record] {
        let bytes: [UInt8]
        do {
            let handle = path == "-" ? FileHandle.standardInput : try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            bytes = [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw CKeyError(code: .ioError, message: "cannot read --batch '\(path)': \(error.localizedDescription)")
        }
        guard !bytes.isEmpty else {
            throw UsageError("--batch '\(path)' is empty (0 bytes); it needs a header row such as name,payload and one row per symbol")
        }
        do {
            let records = try CSVReader.records(bytes)
            guard !records.isEmpty else { throw UsageError("--batch '\(path)' holds only blank lines; it needs a header row") }
            return records
        } catch let error as CSVReader.CSVError {
            throw UsageError("--batch '\(path)' \(error.message); nothing was written")
        }
    }

    /// Checks the header and every row's shape and name, in file order, and
    /// reports each bad row at once. Returns the rows to encode.
    static func plan(_ records: [CSVReader.Record], path: String, nameColumn: String, payloadColumn: String,
                     report: Report) throws -> [Job] {
        guard case .success(let header) = records[0].fields else {
            if case .failure(let fault) = records[0].fields { throw UsageError("--batch '\(path)' header row \(fault.message)") }
            return []
        }
        if let repeated = header.first(where: { name in header.filter { $0 == name }.count > 1 }) {
            throw UsageError("--batch '\(path)' header names column '\(repeated)' more than once")
        }
        guard let nameIndex = header.firstIndex(of: nameColumn), let payloadIndex = header.firstIndex(of: payloadColumn) else {
            throw UsageError("--batch '\(path)' header is \(header); it needs columns '\(nameColumn)' and '\(payloadColumn)'")
        }
        var seen: Set<String> = [], jobs: [Job] = []
        for record in records.dropFirst() {
            switch record.fields {
            case .failure(let fault): report.fail(line: record.line, fault.message)
            case .success(let fields) where fields.count != header.count:
                report.fail(line: record.line, "has \(fields.count) fields; the header has \(header.count)")
            case .success(let fields):
                let name = fields[nameIndex]
                if let problem = fileNameProblem(name) {
                    report.fail(line: record.line, problem)
                } else if !seen.insert(name).inserted {
                    report.fail(line: record.line, "name '\(name)' repeats an earlier row")
                } else {
                    jobs.append(Job(line: record.line, name: name, payload: fields[payloadIndex]))
                }
            }
        }
        return jobs
    }

    /// Why a name cannot be a file name in the output folder, or nil.
    static func fileNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "name is empty" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            let shown = name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? String(format: "\\u{%02X}", $0.value) : String($0) }.joined()
            return "name '\(shown)' holds a control character (NUL, tab, ...); names must be plain file names"
        }
        if name.contains("/") || name == "." || name == ".." { return "name '\(name)' is not a plain file name" }
        if name.utf8.count > 200 { return "name is \(name.utf8.count) bytes; at most 200 (file names are limited)" }
        return nil
    }

    /// Encodes, renders and writes every job, spread over the cores.
    static func encodeAll(_ jobs: [Job], workers: Int, options: SymbolOptions, render: RenderOptions, outDir: String,
                          report: Report) {
        let ext = render.format!.rawValue
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, jobs.count))) { _ in
            while let index = next.take(below: jobs.count) {
                let job = jobs[index]
                do {
                    let symbol = try CKeySymbol.encode(Data(job.payload.utf8), version: options.version,
                                                       level: options.level, layout: options.layout,
                                                       profile: options.profile)
                    let data = try render.render(symbol)
                    try CKeyFile.write(data, to: (outDir as NSString).appendingPathComponent("\(job.name).\(ext)"))
                    report.wrote(bytes: data.count)
                } catch let error as CKeyError {
                    report.fail(line: job.line, "\(error.message) [\(error.code)]")
                } catch {
                    report.fail(line: job.line, "\(error)")
                }
            }
        }
    }

    /// Hands out job indexes to the workers.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func take(below limit: Int) -> Int? {
            lock.lock(); defer { lock.unlock() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }

    /// Failures as they happen, and progress on standard error: a bar on a
    /// terminal, otherwise a line every few seconds so logs are never silent.
    final class Report: @unchecked Sendable {
        private let lock = NSLock()
        private var failures: [(line: Int, message: String)] = []
        private(set) var bytes = 0
        private var total = 0, done = 0
        private var lastLine = Date()
        private let terminal = isatty(STDERR_FILENO) != 0
        static let lineInterval: TimeInterval = {
            Double(ProcessInfo.processInfo.environment["CKEY_PROGRESS_SECONDS"] ?? "") ?? 5
        }()

        var failureCount: Int { lock.lock(); defer { lock.unlock() }; return failures.count }
        var sortedFailures: [String] {
            lock.lock(); defer { lock.unlock() }
            return failures.sorted { $0.line < $1.line }.map { "row \($0.line): \($0.message)" }
        }

        /// Rows refused while planning count as done already.
        func begin(total: Int) {
            lock.lock(); defer { lock.unlock() }
            self.total = total
            done = failures.count
            lastLine = Date()
        }

        func fail(line: Int, _ message: String) {
            lock.lock(); defer { lock.unlock() }
            failures.append((line, message))
            if terminal && total > 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            Output.error("row \(line): \(message)")
            step()
        }

        func wrote(bytes count: Int) {
            lock.lock(); defer { lock.unlock() }
            bytes += count
            step()
        }

        /// Called with the lock held.
        private func step() {
            guard total > 0 else { return }
            done += 1
            if terminal {
                guard done == total || done % max(1, total / 200) == 0 else { return }
                let width = 30, filled = done * width / total
                let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
            } else if Date().timeIntervalSince(lastLine) >= Report.lineInterval {
                lastLine = Date()
                Output.error("batch: \(done) of \(total) rows done, \(failures.count) failed")
            }
        }

        func finishProgress() {
            lock.lock(); defer { lock.unlock() }
            if terminal && total > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
        }
    }
}
