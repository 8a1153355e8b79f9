internal import CKeyCodec
import CKeyScanKit
import Foundation

/// An encoded CKey symbol: immutable, safe to share between threads.
/// Owns the core's `ckey_symbol` handle.
public final class CKeySymbol: @unchecked Sendable {
    let handle: OpaquePointer
    let info: ckey_symbol_info

    private init(handle: OpaquePointer) throws {
        self.handle = handle
        var info = ckey_symbol_info()
        try ckeyCheck(ckey_symbol_get_info(handle, &info))
        self.info = info
    }

    deinit { ckey_symbol_destroy(handle) }

    /// Encodes text (UTF-8). `version` 0 picks the smallest that fits; the
    /// fixed profiles take version 0 and ignore `level` and `layout`.
    public static func encode(_ text: String, version: Int = 0, level: CKeyLevel = .m,
                              layout: CKeyLayout = .standard, profile: CKeyProfile = .scalable) throws -> CKeySymbol {
        try encode(Data(text.utf8), version: version, level: level, layout: layout, profile: profile)
    }

    /// Encodes bytes. Profile 1 (`.locator`) takes exactly 4 bytes.
    public static func encode(_ data: Data, version: Int = 0, level: CKeyLevel = .m,
                              layout: CKeyLayout = .standard, profile: CKeyProfile = .scalable) throws -> CKeySymbol {
        var handle: OpaquePointer?
        let status = data.withUnsafeBytes { raw in
            ckey_symbol_encode(raw.bindMemory(to: UInt8.self).baseAddress, data.count, Int32(profile.rawValue),
                               Int32(version), Int32(level.rawValue), Int32(layout.rawValue), &handle)
        }
        try ckeyCheck(status)
        guard let handle else { throw CKeyError(code: .internal, message: "encode returned no symbol") }
        return try CKeySymbol(handle: handle)
    }

    /// The largest byte payload for a Profile 0 version (1...31).
    public static func capacity(version: Int, level: CKeyLevel = .m, layout: CKeyLayout = .standard) throws -> Int {
        var bytes = 0
        try ckeyCheck(ckey_symbol_get_capacity(0, Int32(version), Int32(level.rawValue), Int32(layout.rawValue), &bytes))
        return bytes
    }

    /// The largest byte payload of a fixed profile (locator, text, extended).
    public static func capacity(profile: CKeyProfile) throws -> Int {
        var bytes = 0
        try ckeyCheck(ckey_symbol_get_capacity(Int32(profile.rawValue), 0, 0, 0, &bytes))
        return bytes
    }

    public var profile: CKeyProfile { CKeyProfile(rawValue: Int(info.profile)) ?? .scalable }
    /// 1...31 for Profile 0; 0 for the fixed profiles.
    public var version: Int { Int(info.version) }
    public var level: CKeyLevel { CKeyLevel(rawValue: Int(info.level)) ?? .m }
    public var layout: CKeyLayout { CKeyLayout(rawValue: Int(info.layout)) ?? .standard }
    /// Data-field modules per side (Profile 1: 8 cells).
    public var moduleCount: Int { Int(info.modules) }
    public var mask: Int { Int(info.mask) }
    /// The byte capacity of this symbol's profile, version, level and layout.
    public var capacity: Int { info.capacity }
    /// True when the payload was packed with the text40 alphabet alone (mode 1,
    /// section 7.3 of the spec). Most text now packs as `.segmented`: see
    /// `encodation` and `segments`.
    public var usesText40: Bool { info.encodation == 1 }

    public var payload: Data {
        var pointer: UnsafePointer<UInt8>?
        var length = 0
        guard ckey_symbol_get_payload(handle, &pointer, &length) == CKEY_OK, let pointer else { return Data() }
        return Data(bytes: pointer, count: length)
    }

    /// The module matrix as text (the format line, then rows of `#` and `.`),
    /// the form used by `spec/vectors/`.
    public var matrixText: String {
        var text: UnsafeMutablePointer<CChar>?
        guard ckey_symbol_matrix_text(handle, &text) == CKEY_OK, let text else { return "" }
        defer { ckey_free(text) }
        return String(cString: text)
    }
}
