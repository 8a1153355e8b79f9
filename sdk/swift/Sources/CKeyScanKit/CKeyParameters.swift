internal import CKeyCodec

/// The four symbol profiles (spec/CKey-Symbology.md, section 4).
public enum CKeyProfile: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// General data; Profile 0 versions 1...31.
    case scalable = 0
    /// A 32-bit identifier at a very coarse pitch.
    case locator = 1
    /// Short UTF-8 text at a fixed mid density.
    case text = 2
    /// Large payloads at a fixed high density.
    case extended = 3

    public var description: String { ["scalable", "locator", "text", "extended"][rawValue] }
}

/// Error-correction level: the share of each block spent on parity
/// (L 14%, M 38%, Q 54%, H 66%).
public enum CKeyLevel: Int, Sendable, CaseIterable, CustomStringConvertible {
    case l = 0, m = 1, q = 2, h = 3

    public var description: String { ["L", "M", "Q", "H"][rawValue] }
}

/// Profile 0 layouts. `.print` adds keys and insets dark marks for print.
public enum CKeyLayout: Int, Sendable, CaseIterable, CustomStringConvertible {
    case standard = 0, print = 1

    public var description: String { ["standard", "print"][rawValue] }
}
