internal import CKeyCodec
import Foundation

/// A point in image pixel coordinates (origin top-left, y down).
public struct CKeyPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// One decoded symbol. A value: safe to pass between threads.
public struct CKeyResult: Sendable, Equatable {
    /// The payload, verified by Reed-Solomon and CRC-32C.
    public let bytes: Data
    /// The payload as text when it is UTF-8 without control characters
    /// (tab, LF and CR allowed); otherwise nil.
    public let text: String?
    public let profile: CKeyProfile
    /// Profile 0 version 1...31; 0 for the fixed profiles.
    public let version: Int
    public let level: CKeyLevel
    public let layout: CKeyLayout
    /// The ring's outer corners in the image: the symbol's top-left,
    /// top-right, bottom-right and bottom-left.
    public let corners: [CKeyPoint]
    /// True for light ink on a dark ground (the `concept` style).
    public let isInverted: Bool
    /// True when the image shows the symbol mirrored.
    public let isMirrored: Bool
    /// Reed-Solomon symbols corrected over all blocks.
    public let errorsCorrected: Int
    /// Erasures (uncertain codewords) filled over all blocks.
    public let erasuresFilled: Int
    /// Correction capacity left in the worst block: E - 2e - f.
    public let correctionMargin: Int
    /// Parity codewords per block (E).
    public let parityPerBlock: Int
}

extension CKeyResult {
    /// One result of a core `ckey_results` handle.
    init(coreResults results: OpaquePointer, index: Int) throws {
        var info = ckey_result_info()
        try ckeyCheck(ckey_results_get_info(results, index, &info))
        var pointer: UnsafePointer<UInt8>?
        var length = 0
        try ckeyCheck(ckey_results_get_payload(results, index, &pointer, &length))
        let bytes = pointer.map { Data(bytes: $0, count: length) } ?? Data()
        let corners = withUnsafeBytes(of: info.corners) { raw in
            raw.bindMemory(to: ckey_point.self).map { CKeyPoint(x: Double($0.x), y: Double($0.y)) }
        }
        self.init(
            bytes: bytes, text: info.is_text == 1 ? String(decoding: bytes, as: UTF8.self) : nil,
            profile: CKeyProfile(rawValue: Int(info.profile)) ?? .scalable, version: Int(info.version),
            level: CKeyLevel(rawValue: Int(info.level)) ?? .m, layout: CKeyLayout(rawValue: Int(info.layout)) ?? .standard,
            corners: corners, isInverted: info.inverted != 0, isMirrored: info.mirrored != 0,
            errorsCorrected: Int(info.errors_corrected), erasuresFilled: Int(info.erasures_filled),
            correctionMargin: Int(info.correction_margin), parityPerBlock: Int(info.parity_per_block))
    }
}
