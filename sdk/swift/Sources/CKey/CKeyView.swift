// Apple-only views: SwiftUI `CKeyView`, UIKit `CKeyUIView`, AppKit `CKeyNSView`.
// Each renders at its exact pixel size (points x display scale) through
// `cgImage(size:)`, so no SVG, file or web view is involved. Written for
// iOS/macOS; on Linux these files are syntax-checked only.
#if canImport(SwiftUI) && canImport(CoreGraphics)
import CoreGraphics
import SwiftUI

/// A square CKey symbol. Transparent by default: give it a contrasting backdrop.
/// One accessibility image labelled "CKey code" unless `accessibilityLabel:` says otherwise.
public struct CKeyView: View {
    private let symbol: CKeySymbol?
    private let style: CKeyStyle
    private let transparent: Bool
    private let policy: CKeyRasterPolicy
    private let label: String
    @Environment(\.displayScale) private var displayScale

    public init(symbol: CKeySymbol, style: CKeyStyle = .plain, transparent: Bool = true,
                policy: CKeyRasterPolicy = .coverage, accessibilityLabel: String = "CKey code") {
        self.symbol = symbol
        self.style = style
        self.transparent = transparent
        self.policy = policy
        self.label = accessibilityLabel
    }

    /// Encodes `data` as text; an unencodable payload draws nothing.
    public init(data: String, style: CKeyStyle = .plain, transparent: Bool = true,
                accessibilityLabel: String = "CKey code") {
        self.symbol = try? CKeySymbol.encode(data)
        self.style = style
        self.transparent = transparent
        self.policy = .coverage
        self.label = accessibilityLabel
    }

    public init(bytes: Data, style: CKeyStyle = .plain, transparent: Bool = true,
                accessibilityLabel: String = "CKey code") {
        self.symbol = try? CKeySymbol.encode(bytes)
        self.style = style
        self.transparent = transparent
        self.policy = .coverage
        self.label = accessibilityLabel
    }

    public var body: some View {
        GeometryReader { geometry in
            let side = min(geometry.size.width, geometry.size.height)
            let pixels = max(1, Int((side * displayScale).rounded()))
            if let symbol, let image = try? symbol.cgImage(size: pixels, policy: policy, transparent: transparent,
                                                           style: style) {
                Image(decorative: image, scale: displayScale)
                    .resizable()
                    .interpolation(.none)
                    .frame(width: side, height: side)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
            }
        }
        .aspectRatio(1, contentMode: .fit)
        .accessibilityElement()
        .accessibilityAddTraits(.isImage)
        .accessibilityLabel(Text(label))
    }
}
#endif

#if canImport(UIKit) && !os(watchOS)
import UIKit

/// UIKit view drawing a symbol at its exact pixel size.
public final class CKeyUIView: UIView {
    public var symbol: CKeySymbol? { didSet { setNeedsDisplay() } }
    public var style: CKeyStyle = .plain { didSet { setNeedsDisplay() } }
    public var transparent = true { didSet { setNeedsDisplay() } }
    public var policy: CKeyRasterPolicy = .coverage { didSet { setNeedsDisplay() } }

    public convenience init(data: String) {
        self.init(frame: .zero)
        symbol = try? CKeySymbol.encode(data)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isAccessibilityElement = true
        accessibilityLabel = "CKey code"
        accessibilityTraits = .image
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isOpaque = false
    }

    public override func draw(_ rect: CGRect) {
        guard let symbol, let context = UIGraphicsGetCurrentContext() else { return }
        let side = min(bounds.width, bounds.height)
        let pixels = max(1, Int((side * contentScaleFactor).rounded()))
        guard let image = try? symbol.cgImage(size: pixels, policy: policy, transparent: transparent, style: style)
        else { return }
        let square = CGRect(x: (bounds.width - side) / 2, y: (bounds.height - side) / 2, width: side, height: side)
        context.interpolationQuality = .none
        context.saveGState()
        context.translateBy(x: 0, y: bounds.height)
        context.scaleBy(x: 1, y: -1)
        context.draw(image, in: square)
        context.restoreGState()
    }
}
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// AppKit view drawing a symbol at its exact pixel size.
public final class CKeyNSView: NSView {
    public var symbol: CKeySymbol? { didSet { needsDisplay = true } }
    public var style: CKeyStyle = .plain { didSet { needsDisplay = true } }
    public var transparent = true { didSet { needsDisplay = true } }
    public var policy: CKeyRasterPolicy = .coverage { didSet { needsDisplay = true } }

    public convenience init(data: String) {
        self.init(frame: .zero)
        symbol = try? CKeySymbol.encode(data)
    }

    public override func draw(_ dirtyRect: NSRect) {
        guard let symbol, let context = NSGraphicsContext.current?.cgContext else { return }
        let side = min(bounds.width, bounds.height)
        let scale = window?.backingScaleFactor ?? 2
        let pixels = max(1, Int((side * scale).rounded()))
        guard let image = try? symbol.cgImage(size: pixels, policy: policy, transparent: transparent, style: style)
        else { return }
        context.interpolationQuality = .none
        context.draw(image, in: CGRect(x: (bounds.width - side) / 2, y: (bounds.height - side) / 2, width: side, height: side))
    }

    public override func isAccessibilityElement() -> Bool { true }
    public override func accessibilityRole() -> NSAccessibility.Role? { .image }
    public override func accessibilityLabel() -> String? { "CKey code" }
}
#endif
