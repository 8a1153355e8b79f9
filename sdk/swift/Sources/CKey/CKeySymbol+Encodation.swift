internal import CKeyCodec
import Foundation

/// How a payload became bits (section 7 of the spec). The encoder picks the
/// one with the fewest bits; decoders read all three.
public enum CKeyEncodation: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Mode 0: 8 bits per byte.
    case bytes = 0
    /// Mode 1: `0-9 a-z - . / :` at 16 bits per 3 characters.
    case text40 = 1
    /// Mode 2: an optional URL prefix, then segments of digits, text40,
    /// text48, the mixed-case URL alphabet, or bytes.
    case segmented = 2

    public var description: String { ["bytes", "text40", "segmented"][rawValue] }
}

/// One run of the payload and how it is coded.
public struct CKeySegment: Sendable, Equatable, CustomStringConvertible {
    public enum Mode: Int, Sendable, CaseIterable, CustomStringConvertible {
        /// `0-9`, 10 bits per 3.
        case digits = 0
        /// `0-9 a-z - . / :`, 16 bits per 3.
        case text40 = 1
        /// text40 and `_ ? = & % ~ # +` (lower-case query strings), 17 bits per 3.
        case text48 = 2
        /// `0-9 A-Z a-z - . _ ~ : / ? # @ ! & * + , ; = %` and space, 19 bits per 3.
        case mixed = 3
        /// Any byte, 8 bits.
        case bytes = 4
        /// `https://`, `http://` or `https://www.`, coded in 2 bits.
        case prefix = 5

        public var description: String { ["digits", "text40", "text48", "mixed", "bytes", "prefix"][rawValue] }
    }

    public let mode: Mode
    /// The run's byte offsets in `payload`.
    public let range: Range<Int>

    public var description: String { "\(mode) \(range.count)" }
}

extension CKeySymbol {
    public var encodation: CKeyEncodation { CKeyEncodation(rawValue: Int(info.encodation)) ?? .bytes }

    /// Bits the coded payload takes, header and CRC included.
    public var streamBits: Int { info.stream_bits }

    /// Bits this symbol's data codewords hold; `streamBits` is at most this.
    public var dataBits: Int { info.data_bits }

    /// The payload's runs in order; they cover it exactly. Empty for an empty
    /// payload and for Profile 1.
    public var segments: [CKeySegment] {
        var count = 0
        guard ckey_symbol_get_segments(handle, nil, 0, &count) == CKEY_OK, count > 0 else { return [] }
        var runs = [ckey_segment](repeating: ckey_segment(), count: count)
        guard ckey_symbol_get_segments(handle, &runs, count, &count) == CKEY_OK else { return [] }
        return runs.prefix(count).compactMap { run in
            CKeySegment.Mode(rawValue: Int(run.mode)).map { CKeySegment(mode: $0, range: run.offset..<run.offset + run.length) }
        }
    }
}
