// Fuzz target for the CLI's CSV reader (sdk/swift/Sources/ckey/CSVReader.swift),
// built with the Swift toolchain's libFuzzer (see fuzz/README.md). Besides
// crashes, it aborts when a property of the reader breaks:
// - records start on strictly increasing lines, within the file;
// - a file without quotes gives one record per non-blank line, split at
//   commas: nothing is swallowed, nothing invented;
// - the good records, written back with RFC 4180 quoting, read back the same.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let records = try? CSVReader.records(bytes) else { return 0 }
    let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    var previous = 0
    for record in records {
        if record.line <= previous || record.line > lines { fatalError("record on line \(record.line) after \(previous)") }
        previous = record.line
    }
    if !bytes.contains(UInt8(ascii: "\"")) && !bytes.contains(0x0D) { checkPlain(bytes, records) }
    checkRoundTrip(records)
    return 0
}

func checkPlain(_ bytes: [UInt8], _ records: [CSVReader.Record]) {
    // Split as bytes: a comma followed by a combining mark is one Swift Character.
    var expected: [[String]] = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
        $0.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
    if expected.last == [""] { expected.removeLast() }
    expected.removeAll { $0 == [""] }
    let got = records.map { record -> [String] in
        guard case .success(let fields) = record.fields else { fatalError("a plain line was refused") }
        return fields
    }
    if got != expected { fatalError("plain CSV read as \(got), expected \(expected)") }
}

func checkRoundTrip(_ records: [CSVReader.Record]) {
    var good: [[String]] = []
    for case .success(let fields) in records.map(\.fields) { good.append(fields) }
    // Quoted as bytes: a quote followed by a combining mark is one Swift Character.
    var written: [UInt8] = []
    for (r, row) in good.enumerated() {
        if r > 0 { written += [0x0D, 0x0A] }
        for (f, field) in row.enumerated() {
            if f > 0 { written.append(UInt8(ascii: ",")) }
            written.append(UInt8(ascii: "\""))
            for byte in field.utf8 { written += byte == UInt8(ascii: "\"") ? [byte, byte] : [byte] }
            written.append(UInt8(ascii: "\""))
        }
    }
    guard let again = try? CSVReader.records(written) else { fatalError("quoted output refused") }
    let back = again.map { record -> [String] in
        guard case .success(let fields) = record.fields else { fatalError("quoted output has a bad row") }
        return fields
    }
    // A written row of one empty field is a blank line, which the reader skips.
    if back != good.filter({ $0 != [""] }) { fatalError("round trip gave \(back), expected \(good)") }
}
