import Foundation

/// Strict RFC 4180 CSV for `ckey encode --batch`. Two kinds of fault:
/// - fatal ones (`CSVError`: not UTF-8, an unterminated quote) stop the batch
///   before anything is written, because every row after them is in doubt;
/// - a row's own fault (a bare quote in an unquoted field, text after a
///   closing quote, a lone CR) spoils that row only: reading resumes at the
///   next line, so no row is ever swallowed by another.
enum CSVReader {
    struct Record {
        /// The 1-based line on which the record starts.
        let line: Int
        /// The fields, or what is wrong with this record.
        let fields: Result<[String], RowFault>
    }

    struct RowFault: Error { let message: String }

    struct CSVError: Error { let message: String }

    /// Every record; blank lines are skipped.
    static func records(_ bytes: [UInt8]) throws -> [Record] {
        if let bad = firstInvalidUTF8(bytes) {
            let line = bytes[..<bad].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let lineStart = bytes[..<bad].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            throw CSVError(message: "is not UTF-8: line \(line), byte \(bad - lineStart + 1) of the line (offset \(bad) in the file) is 0x\(String(format: "%02X", bytes[bad])); save the file as UTF-8")
        }
        var parser = Parser(bytes: bytes)
        var out: [Record] = []
        while let record = try parser.next() {
            if case .success(let fields) = record.fields, fields == [""] { continue }
            out.append(record)
        }
        return out
    }

    /// The offset of the first byte that is not part of well-formed UTF-8
    /// (no overlong forms, surrogates or values above U+10FFFF).
    static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        var i = 0
        while i < b.count {
            let c = b[i]
            let (length, low, high): (Int, UInt8, UInt8)
            switch c {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            default: return i
            }
            guard i + length <= b.count, (low...high).contains(b[i + 1]) else { return i }
            for k in 2..<length where !(0x80...0xBF).contains(b[i + k]) { return i }
            i += length
        }
        return nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var at = 0
        var line = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() throws -> Record? {
            guard at < bytes.count else { return nil }
            let start = line
            var fields: [String] = []
            while true {
                let (field, fault) = try readField(column: fields.count + 1)
                if let fault {
                    skipToLineEnd()
                    return Record(line: start, fields: .failure(fault))
                }
                fields.append(field)
                switch endOfField() {
                case .comma: continue
                case .record: return Record(line: start, fields: .success(fields))
                case .bareCR:
                    skipToLineEnd()
                    return Record(line: start, fields: .failure(RowFault(message: "has a carriage return (CR) without a line feed in column \(fields.count); rows end with LF or CRLF")))
                }
            }
        }

        private enum Ending { case comma, record, bareCR }

        private mutating func endOfField() -> Ending {
            guard at < bytes.count else { return .record }
            switch bytes[at] {
            case UInt8(ascii: ","): at += 1; return .comma
            case 0x0A: at += 1; line += 1; return .record
            case 0x0D where at + 1 < bytes.count && bytes[at + 1] == 0x0A: at += 2; line += 1; return .record
            default: return .bareCR
            }
        }

        private mutating func readField(column: Int) throws -> (String, RowFault?) {
            if at < bytes.count && bytes[at] == UInt8(ascii: "\"") { return try readQuoted(column: column) }
            let begin = at
            while at < bytes.count, ![UInt8(ascii: ","), 0x0A, 0x0D].contains(bytes[at]) {
                if bytes[at] == UInt8(ascii: "\"") {
                    return ("", RowFault(message: "has a quote inside unquoted column \(column); quote the whole field and double the quote (\"a\"\"b\")"))
                }
                at += 1
            }
            return (String(decoding: bytes[begin..<at], as: UTF8.self), nil)
        }

        private mutating func readQuoted(column: Int) throws -> (String, RowFault?) {
            let openLine = line
            at += 1
            var value: [UInt8] = []
            while at < bytes.count {
                let c = bytes[at]
                at += 1
                if c == 0x0A { line += 1 }
                guard c == UInt8(ascii: "\"") else { value.append(c); continue }
                if at < bytes.count && bytes[at] == UInt8(ascii: "\"") { value.append(c); at += 1; continue }
                if at < bytes.count, ![UInt8(ascii: ","), 0x0A, 0x0D].contains(bytes[at]) {
                    return ("", RowFault(message: "has text after the closing quote of column \(column); double a quote inside a quoted field (\"a\"\"b\")"))
                }
                return (String(decoding: value, as: UTF8.self), nil)
            }
            throw CSVError(message: "has an unterminated quote: the quoted field in column \(column) of line \(openLine) never closes, so every row after it would be read as its text")
        }

        /// After a row's fault: resume at the next line, quotes ignored.
        private mutating func skipToLineEnd() {
            while at < bytes.count {
                let c = bytes[at]
                at += 1
                if c == 0x0A { line += 1; return }
            }
        }
    }
}
