internal import CKeyCodec
import CKeyScanKit
import Foundation

/// A rendered symbol as straight-alpha RGBA8 pixels.
public struct CKeyPixels: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    /// `height` rows of `bytesPerRow` bytes: R, G, B, A (not premultiplied).
    public let data: Data
}

extension CKeySymbol {
    /// The smallest raster size: 1 px per module and per canvas unit.
    public var minimumRasterSize: Int {
        var size: Int32 = 0
        _ = ckey_render_min_size(handle, &size)
        return Int(size)
    }

    /// Renders the whole 31-unit canvas (quiet margin included) at `size` px.
    public func pixels(size: Int, policy: CKeyRasterPolicy = .coverage, transparent: Bool = false,
                       style: CKeyStyle = .plain) throws -> CKeyPixels {
        let side = Int32(clamping: size)
        let bytesPerRow = max(0, size) * 4
        var data = Data(count: bytesPerRow * max(0, size))
        let count = data.count
        try style.withCore { core in
            try data.withUnsafeMutableBytes { raw in
                try ckeyCheck(ckey_render_pixels(handle, core, side, policy.rawValue, transparent ? 1 : 0,
                                                 raw.bindMemory(to: UInt8.self).baseAddress, bytesPerRow, count))
            }
        }
        return CKeyPixels(width: size, height: size, bytesPerRow: bytesPerRow, data: data)
    }

    /// A PNG (smallest exact colour type). `dpi` 0 writes no pHYs chunk.
    public func pngData(size: Int, dpi: Int = 0, policy: CKeyRasterPolicy = .coverage, transparent: Bool = false,
                        style: CKeyStyle = .plain) throws -> Data {
        var pointer: UnsafeMutablePointer<UInt8>?
        var length = 0
        try style.withCore { core in
            try ckeyCheck(ckey_render_png(handle, core, Int32(clamping: size), policy.rawValue, transparent ? 1 : 0,
                                          Int32(clamping: dpi), &pointer, &length))
        }
        guard let pointer else { throw CKeyError(code: .internal, message: "PNG export returned no data") }
        defer { ckey_free(pointer) }
        return Data(bytes: pointer, count: length)
    }

    /// An SVG document; `scale` is px per canvas unit (the viewBox is 0 0 31 31).
    public func svg(scale: Double = 8, transparent: Bool = false, style: CKeyStyle = .plain) throws -> String {
        var text: UnsafeMutablePointer<CChar>?
        try style.withCore { core in
            try ckeyCheck(ckey_render_svg(handle, core, scale, transparent ? 1 : 0, &text))
        }
        guard let text else { throw CKeyError(code: .internal, message: "SVG export returned no text") }
        defer { ckey_free(text) }
        return String(cString: text)
    }

    /// A one-page vector PDF exactly `widthPoints` wide and high (72 points = 1 inch).
    public func pdfData(widthPoints: Double, transparent: Bool = false, style: CKeyStyle = .plain) throws -> Data {
        var pointer: UnsafeMutablePointer<UInt8>?
        var length = 0
        try style.withCore { core in
            try ckeyCheck(ckey_render_pdf(handle, core, widthPoints, transparent ? 1 : 0, &pointer, &length))
        }
        guard let pointer else { throw CKeyError(code: .internal, message: "PDF export returned no data") }
        defer { ckey_free(pointer) }
        return Data(bytes: pointer, count: length)
    }

    /// Runs the style check. Throws `CKeyError.styleRefused` (with the reason)
    /// when the style's policy is `.strict` and a check fails; otherwise
    /// returns the report, with the adapted style under `.adaptive`.
    @discardableResult
    public func check(style: CKeyStyle, transparent: Bool = false, backdrop: CKeyColor? = nil) throws -> CKeyStyleReport {
        var report = ckey_style_report()
        var drawn = ckey_style()
        try style.withCore { core in
            var backdropHex = backdrop?.hex ?? 0
            let status = backdrop == nil
                ? ckey_style_check(handle, core, transparent ? 1 : 0, nil, &drawn, &report)
                : ckey_style_check(handle, core, transparent ? 1 : 0, &backdropHex, &drawn, &report)
            try ckeyCheck(status)
        }
        let message = withUnsafeBytes(of: report.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return CKeyStyleReport(
            problems: .init(rawValue: report.problems), warnings: .init(rawValue: report.warnings),
            adaptedStyle: CKeyStyle(core: drawn, logo: drawn.logo_rgba == nil ? nil : style.logo),
            contrast: Double(report.contrast_x100) / 100, accentContrast: Double(report.accent_contrast_x100) / 100,
            effectsContrast: Double(report.effects_contrast_x100) / 100, logoCodewords: Int(report.logo_codewords),
            logoBudget: Int(report.logo_budget), message: message)
    }
}

/// Files written the core's way: a temporary beside the target, then a rename.
public enum CKeyFile {
    /// Writes `data` to `path` atomically; on failure nothing is left and the error says why.
    public static func write(_ data: Data, to path: String) throws {
        try data.withUnsafeBytes { raw in
            try ckeyCheck(ckey_file_write(path, raw.bindMemory(to: UInt8.self).baseAddress, data.count))
        }
    }
}
