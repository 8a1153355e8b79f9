internal import CKeyCodec
import CKeyScanKit
import Foundation

/// An opaque sRGB colour, `0xRRGGBB`.
public struct CKeyColor: Hashable, Sendable, CustomStringConvertible {
    public var hex: UInt32

    public init(hex: UInt32) { self.hex = hex & 0xFFFFFF }
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        hex = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    public static let white = CKeyColor(hex: 0xFFFFFF)
    public static let black = CKeyColor(hex: 0x000000)

    public var description: String { String(format: "#%06X", hex) }
}

/// How edges become pixels.
public enum CKeyRasterPolicy: Int32, Sendable, CaseIterable {
    /// Exact-area antialiasing (the default).
    case coverage = 0
    /// Two colours only: background or a mark colour; effects off.
    case binary = 1
    /// Antialiased, with every mark widened to at least 1 px.
    case hybrid = 2
}

/// Data-module shapes. Every shape covers its module's centre.
public enum CKeyModuleShape: Int32, Sendable, CaseIterable {
    case square = 0, circle = 1, rounded = 2
}

/// Border ring corners. The straight sides stay straight (the scanner fits lines to them).
public enum CKeyRingStyle: Int32, Sendable, CaseIterable {
    case square = 0, rounded = 1, chamfered = 2
}

/// The inner end of the format-band rays.
public enum CKeyRayCap: Int32, Sendable, CaseIterable {
    case butt = 0, round = 1, pointed = 2
}

/// What the style check does with an unsafe style.
public enum CKeyStylePolicy: Int32, Sendable, CaseIterable {
    /// Refuse it (`CKeyError.styleRefused`), the default.
    case strict = 0
    /// Draw the nearest safe style instead.
    case adaptive = 1
    /// Draw as given; the check only reports.
    case override = 2
}

/// A logo in the centre of the data field. Its cost is counted in codewords
/// per Reed-Solomon block; a logo that would cost too much is refused.
public struct CKeyLogo: Sendable, Equatable {
    public enum Mode: Int32, Sendable { case reserve = 0, overwrite = 1 }

    /// Straight-alpha RGBA8, `width * 4` bytes per row.
    public var rgba: Data
    public var width: Int
    public var height: Int
    /// Box side in percent of the data field side, 5...30.
    public var size: Int
    /// Clear space around the box in percent of the field side, 0...10 (reserve mode).
    public var padding: Int
    public var mode: Mode

    public init(rgba: Data, width: Int, height: Int, size: Int = 20, padding: Int = 2, mode: Mode = .reserve) {
        self.rgba = rgba
        self.width = width
        self.height = height
        self.size = size
        self.padding = padding
        self.mode = mode
    }

    /// Decodes a PNG (any colour type) with the core's reader.
    public init(pngData: Data, size: Int = 20, padding: Int = 2, mode: Mode = .reserve) throws {
        var pointer: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        try pngData.withUnsafeBytes { raw in
            try ckeyCheck(ckey_image_read_png(raw.bindMemory(to: UInt8.self).baseAddress, pngData.count, &pointer,
                                             &width, &height))
        }
        guard let pointer else { throw CKeyError(code: .internal, message: "PNG reader returned no pixels") }
        defer { ckey_free(pointer) }
        self.init(rgba: Data(bytes: pointer, count: Int(width) * Int(height) * 4), width: Int(width),
                  height: Int(height), size: size, padding: padding, mode: mode)
    }
}

/// Every visual choice of a rendering; mirrors the core's `ckey_style`,
/// whose header documents each field's meaning and range.
public struct CKeyStyle: Sendable, Equatable {
    public var ink: CKeyColor
    public var background: CKeyColor
    /// Corner colour of a radial vignette; equal to `background` for flat.
    public var backgroundEdge: CKeyColor
    public var ringColor: CKeyColor
    public var keyColor: CKeyColor
    public var modules: CKeyModuleShape
    public var ring: CKeyRingStyle
    public var rayCap: CKeyRayCap
    /// 0...100: metallic light across the marks.
    public var bevel: Int
    /// 0...100: drop-shadow opacity in percent.
    public var shadow: Int
    /// 0...100: brushed-metal grain (raster outputs only).
    public var texture: Int
    public var policy: CKeyStylePolicy
    public var logo: CKeyLogo?

    /// Black on white, square modules and ring, no effects.
    public static var plain: CKeyStyle { preset(0) }
    /// Cream metallic ink on a dark vignette with gold accents (light on dark).
    public static var concept: CKeyStyle { preset(1) }

    private static func preset(_ preset: Int32) -> CKeyStyle {
        var core = ckey_style()
        _ = ckey_style_init(&core, preset)
        return CKeyStyle(core: core)
    }

    init(core c: ckey_style, logo: CKeyLogo? = nil) {
        ink = CKeyColor(hex: c.ink)
        background = CKeyColor(hex: c.background)
        backgroundEdge = CKeyColor(hex: c.background_edge)
        ringColor = CKeyColor(hex: c.ring_color)
        keyColor = CKeyColor(hex: c.key_color)
        modules = CKeyModuleShape(rawValue: c.module_shape) ?? .square
        ring = CKeyRingStyle(rawValue: c.ring_style) ?? .square
        rayCap = CKeyRayCap(rawValue: c.ray_cap) ?? .butt
        bevel = Int(c.bevel)
        shadow = Int(c.shadow)
        texture = Int(c.texture)
        policy = CKeyStylePolicy(rawValue: c.policy) ?? .strict
        if var logo, c.logo_rgba != nil {
            logo.size = Int(c.logo_size)
            logo.padding = Int(c.logo_padding)
            logo.mode = CKeyLogo.Mode(rawValue: c.logo_mode) ?? .reserve
            self.logo = logo
        } else {
            self.logo = nil
        }
    }

    /// Calls body with the core's view of this style (the logo bytes stay valid during the call).
    func withCore<R>(_ body: (UnsafePointer<ckey_style>) throws -> R) rethrows -> R {
        var c = ckey_style()
        c.ink = ink.hex
        c.background = background.hex
        c.background_edge = backgroundEdge.hex
        c.ring_color = ringColor.hex
        c.key_color = keyColor.hex
        c.module_shape = modules.rawValue
        c.ring_style = ring.rawValue
        c.ray_cap = rayCap.rawValue
        c.bevel = Int32(clamping: bevel)
        c.shadow = Int32(clamping: shadow)
        c.texture = Int32(clamping: texture)
        c.policy = policy.rawValue
        guard let logo else { return try body(&c) }
        c.logo_width = Int32(clamping: logo.width)
        c.logo_height = Int32(clamping: logo.height)
        c.logo_size = Int32(clamping: logo.size)
        c.logo_padding = Int32(clamping: logo.padding)
        c.logo_mode = logo.mode.rawValue
        return try logo.rgba.withUnsafeBytes { raw in
            c.logo_rgba = raw.bindMemory(to: UInt8.self).baseAddress
            return try body(&c)
        }
    }
}

/// What the style check found. Contrast ratios are WCAG 2.x ratios.
public struct CKeyStyleReport: Sendable {
    public struct Checks: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let contrast = Checks(rawValue: 1)
        public static let accent = Checks(rawValue: 2)
        public static let effects = Checks(rawValue: 4)
        public static let logo = Checks(rawValue: 8)
        public static let transparentWithoutBackdrop = Checks(rawValue: 16)
    }

    /// Failed checks (empty = safe to draw as given).
    public let problems: Checks
    /// Checks that only warn, such as transparent output with no backdrop.
    public let warnings: Checks
    /// The style that would be drawn: adapted under `.adaptive`, else the input.
    public let adaptedStyle: CKeyStyle?
    public let contrast: Double
    public let accentContrast: Double
    public let effectsContrast: Double
    /// Codewords the logo removes from the worst Reed-Solomon block, and the budget.
    public let logoCodewords: Int
    public let logoBudget: Int
    public let message: String
}
