import CKey
import Foundation

/// Output options of `ckey encode`: file format, size, policy, style, logo.
struct RenderOptions {
    static let names: Set<String> = ["output", "format", "size", "dpi", "points", "policy", "style", "logo",
                                     "policy-style"]
    static let flags: Set<String> = ["transparent"]
    static let help = """
          -o, --output F  write the symbol to F (.png, .svg, .pdf or .rgba raw pixels)
          --format K      png, svg, pdf or rgba (default: from the extension)
          --size N        raster side in px (PNG, raw), also the SVG's width; default 1024
          --dpi N         PNG pHYs resolution (0 = none, default); PDF width = size / dpi inches
          --points N      PDF page width in points (default 144 = 2 in)
          --policy P      coverage (default), binary or hybrid
          --transparent   no background (alpha 0 around the marks)
          --style S       plain (default), concept, or a style.json file (docs/rendering.md)
          --logo F        a PNG logo in the centre of the data field
          --policy-style  strict (default), adaptive or override
        """

    enum Format: String { case png, svg, pdf, rgba }

    var format: Format?
    var size: Int
    var dpi: Int
    var points: Double
    var policy: CKeyRasterPolicy
    var transparent: Bool
    var style: CKeyStyle

    /// `-o X` is spelled `--output X` for the parser.
    static func normalize(_ arguments: ArraySlice<String>) -> ArraySlice<String> {
        ArraySlice(arguments.map { $0 == "-o" ? "--output" : $0 })
    }

    init(_ args: Arguments, output: String?) throws {
        if let text = args.value("format") {
            guard let f = Format(rawValue: text.lowercased()) else {
                throw UsageError("--format is '\(text)'; expected one of: png, svg, pdf, rgba")
            }
            format = f
        } else if let output {
            let ext = (output as NSString).pathExtension.lowercased()
            guard let f = Format(rawValue: ext) else {
                throw UsageError("cannot tell the format of '\(output)' from its extension; use .png, .svg, .pdf or .rgba, or --format")
            }
            format = f
        }
        size = try args.integer("size", default: 1024, in: 1...8192)
        dpi = try args.integer("dpi", default: 0, in: 0...100000)
        let pointsText = args.value("points")
        if let pointsText {
            guard let value = Double(pointsText), value >= 1, value <= 14400 else {
                throw UsageError("--points is '\(pointsText)'; expected a number from 1 to 14400")
            }
            points = value
        } else {
            points = dpi > 0 ? Double(size) * 72 / Double(dpi) : 144
        }
        policy = try args.choice("policy", default: .coverage,
                                 from: ["coverage": .coverage, "binary": .binary, "hybrid": .hybrid])
        transparent = args.flag("transparent")
        style = try Self.style(named: args.value("style") ?? "plain")
        style.policy = try args.choice("policy-style", default: style.policy,
                                       from: Self.stylePolicies)
        if style.logo?.rgba.isEmpty == true && args.value("logo") == nil { style.logo = nil }
        if let logoPath = args.value("logo") {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: logoPath)) } catch {
                throw CKeyError(code: .ioError, message: "cannot read --logo '\(logoPath)': \(error.localizedDescription)")
            }
            let size = style.logo?.size ?? 20, padding = style.logo?.padding ?? 2
            style.logo = try CKeyLogo(pngData: data, size: size, padding: padding)
        }
    }

    /// Renders in the chosen format.
    func render(_ symbol: CKeySymbol) throws -> Data {
        switch format ?? .png {
        case .png:
            return try symbol.pngData(size: size, dpi: dpi, policy: policy, transparent: transparent, style: style)
        case .svg:
            return Data(try symbol.svg(scale: Double(size) / 31, transparent: transparent, style: style).utf8)
        case .pdf:
            return try symbol.pdfData(widthPoints: points, transparent: transparent, style: style)
        case .rgba:
            return try symbol.pixels(size: size, policy: policy, transparent: transparent, style: style).data
        }
    }

    // MARK: style files

    /// Names of the style policies, for --policy-style and a style file's "policy".
    static let stylePolicies: [String: CKeyStylePolicy] = ["strict": .strict, "adaptive": .adaptive,
                                                           "override": .override]

    static func style(named name: String) throws -> CKeyStyle {
        switch name.lowercased() {
        case "plain": return .plain
        case "concept": return .concept
        default: break
        }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: name)) } catch {
            throw UsageError("--style is '\(name)'; expected plain, concept or a readable style.json (\(error.localizedDescription))")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw UsageError("--style file '\(name)' is not a JSON object")
        }
        return try style(from: object, file: name)
    }

    static func style(from object: [String: Any], file: String) throws -> CKeyStyle {
        var style: CKeyStyle = (object["base"] as? String)?.lowercased() == "concept" ? .concept : .plain
        func color(_ key: String) throws -> CKeyColor? {
            guard let value = object[key] else { return nil }
            guard let text = value as? String, text.hasPrefix("#"), text.count == 7, let hex = UInt32(text.dropFirst(), radix: 16) else {
                throw UsageError("\(file): \"\(key)\" is \(value); expected a colour like \"#1A2B3C\"")
            }
            return CKeyColor(hex: hex)
        }
        func integer(_ key: String) throws -> Int? {
            guard let value = object[key] else { return nil }
            guard let number = value as? Int else { throw UsageError("\(file): \"\(key)\" is \(value); expected a whole number") }
            return number
        }
        func choice<T>(_ key: String, _ table: [String: T]) throws -> T? {
            guard let value = object[key] else { return nil }
            guard let text = value as? String, let result = table[text.lowercased()] else {
                throw UsageError("\(file): \"\(key)\" is \(value); expected one of: \(table.keys.sorted().joined(separator: ", "))")
            }
            return result
        }
        let known: Set<String> = ["base", "ink", "background", "background_edge", "ring_color", "key_color",
                                  "module_shape", "ring_style", "ray_cap", "bevel", "shadow", "texture", "policy",
                                  "logo_size", "logo_padding"]
        if let unknown = object.keys.first(where: { !known.contains($0) }) {
            throw UsageError("\(file): unknown key \"\(unknown)\"; keys: \(known.sorted().joined(separator: ", "))")
        }
        if let c = try color("ink") { style.ink = c }
        if let c = try color("background") { style.background = c; style.backgroundEdge = c }
        if let c = try color("background_edge") { style.backgroundEdge = c }
        if let c = try color("ring_color") { style.ringColor = c }
        if let c = try color("key_color") { style.keyColor = c }
        if let v = try choice("module_shape", ["square": CKeyModuleShape.square, "circle": .circle, "rounded": .rounded]) { style.modules = v }
        if let v = try choice("ring_style", ["square": CKeyRingStyle.square, "rounded": .rounded, "chamfered": .chamfered]) { style.ring = v }
        if let v = try choice("ray_cap", ["butt": CKeyRayCap.butt, "round": .round, "pointed": .pointed]) { style.rayCap = v }
        if let v = try choice("policy", Self.stylePolicies) { style.policy = v }
        if let v = try integer("bevel") { style.bevel = v }
        if let v = try integer("shadow") { style.shadow = v }
        if let v = try integer("texture") { style.texture = v }
        let size = try integer("logo_size"), padding = try integer("logo_padding")
        if size != nil || padding != nil {
            style.logo = CKeyLogo(rgba: Data(), width: 0, height: 0, size: size ?? 20, padding: padding ?? 2)
        }
        return style
    }
}
