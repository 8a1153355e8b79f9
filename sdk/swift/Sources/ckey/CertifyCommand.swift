import CKey
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ckey certify`: certifies a style over a use envelope (the core samples
/// camera frames and reads them with the real scanner; this only passes
/// values and shows the report).
enum CertifyCommand {
    static var help: String {
        let d = CKeyUseEnvelope()
        let size: String
        switch d.size {
        case .printed(let mm): size = "\(number(mm)) mm printed"
        case .onScreen(let px): size = "\(number(px)) CSS px on screen"
        }
        let budget = d.timeBudget > 0 ? "\(number(d.timeBudget)) s" : "no limit"
        return """
            usage: ckey certify TEXT [options]
                   ckey certify --data-file FILE [options]   (FILE '-' reads stdin)

            Certifies that the symbol of TEXT, drawn in a style, reads over a use
            envelope: camera frames are drawn from the seed (distance, angle,
            lighting, blur, noise, JPEG) around the real rendering and read by
            the real scanner. Certified means the read rate reaches the threshold.
            The model is a model, not a measurement: real-camera tests remain the
            evidence. The core checks every value's range and names the limit.

            \(SymbolOptions.help)
              --data-file F   read the payload bytes from a file or '-' for stdin
              --style S       plain (default), concept, or a style.json file (docs/rendering.md)
              --policy-style  strict, adaptive or override (default: the style's own, strict
                              for plain and concept); adaptive adapts until it certifies
              --logo F        a PNG logo in the centre of the data field
              --transparent   no background: read over the backdrops (none: never certified)
              --backdrop RRGGBB  a surface the transparent symbol sits on; repeat for
                              several (implies --transparent)
              --size-mm N     printed width of the whole canvas in mm
              --size-px N     or its on-screen width in CSS px (1/96 in); not both
                              (default: \(size))
              --distance MIN-MAX  reading distance, camera to symbol, in mm, e.g.
                              100-300, or one distance N (default \(number(d.distanceMM.lowerBound))-\(number(d.distanceMM.upperBound)))
              --lighting L    indoor, outdoor or mixed (default \(d.lighting))
              --frames N      camera frames sampled (default \(d.frames))
              --quick         a small fast sample for ranking styles (not with --frames)
              --seed N        every frame is drawn from it, 0...2^64-1 (default \(d.seed))
              --threshold F   read rate needed, as a fraction, e.g. 0.95 (default \(number(d.threshold)))
              --time-budget S stop sampling after S seconds (default: \(budget)); a run
                              stopped early is not certified
              --no-min-size   skip the search for the smallest printed size that
                              reaches the threshold at the far distance
              --json          print every field of the report (and the envelope) as JSON

            The run is one blocking call; on a terminal a line on stderr says how
            many frames it samples. Exit status: 0 certified, 4 not certified (the
            message says why), 1 the library refused or a file could not be read,
            2 a usage error (a value out of its range included).
            """
    }

    static let options: Set<String> = SymbolOptions.names.union([
        "data-file", "style", "policy-style", "logo", "backdrop", "size-mm", "size-px", "distance", "lighting",
        "frames", "seed", "threshold", "time-budget",
    ])
    static let flags: Set<String> = ["transparent", "quick", "no-min-size", "json", "help"]
    /// The envelope's fields as the options that set them.
    static let envelopeOptions = [
        "size_mm": "--size-mm", "size_px": "--size-px", "distance_min_mm": "--distance",
        "distance_max_mm": "--distance", "frames": "--frames", "threshold": "--threshold",
        "time_budget_ms": "--time-budget (given in seconds, checked in ms)", "lighting": "--lighting",
    ]
    static let lightings: [String: CKeyUseEnvelope.Lighting] = ["indoor": .indoor, "outdoor": .outdoor,
                                                                "mixed": .mixed]

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let args = try Arguments(arguments, options: options, flags: flags)
        if args.flag("help") { print(help); return 0 }
        if !arguments.contains("--"), let stray = args.positionals.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw UsageError("unknown option \(stray); text that starts with '-' goes after '--'")
        }
        let symbolOptions = try SymbolOptions(args)
        let render = try RenderOptions(args, output: nil)
        let backdrops = try args.values("backdrop").map(color)
        let envelope = try self.envelope(args)
        let payload = try EncodeCommand.payloadBytes(args)
        let symbol = try CKeySymbol.encode(payload, version: symbolOptions.version, level: symbolOptions.level,
                                           layout: symbolOptions.layout, profile: symbolOptions.profile)
        let transparent = render.transparent || !backdrops.isEmpty

        if isatty(STDERR_FILENO) != 0 {
            let frames = envelope.quick ? "a quick sample of" : "\(envelope.frames)"
            let search = envelope.findMinimumSize ? ", then searching the smallest size" : ""
            FileHandle.standardError.write(Data("ckey: certifying over \(frames) frames\(search)...\n".utf8))
        }
        let report: CKeyCertificationReport
        do {
            report = try symbol.certify(style: render.style, transparent: transparent, backdrops: backdrops,
                                        envelope: envelope)
        } catch let error as CKeyError where error.code == .invalidArgument && error.message.hasPrefix("envelope.") {
            // The core checks the ranges and names its field; name the option too.
            let field = error.message.dropFirst("envelope.".count).prefix(while: { $0.isLetter || $0 == "_" })
            guard let option = envelopeOptions[String(field)] else { throw error }
            throw UsageError("\(option) is out of range: \(error.message)")
        }
        if args.flag("json") {
            Output.json(json(report, envelope: envelope))
        } else {
            show(report, envelope: envelope)
        }
        return report.certified ? 0 : 4
    }

    // MARK: parsing

    static func envelope(_ args: Arguments) throws -> CKeyUseEnvelope {
        var e = CKeyUseEnvelope()
        switch (args.value("size-mm"), args.value("size-px")) {
        case (.some(let mm), .some(let px)):
            throw UsageError("--size-mm is '\(mm)' and --size-px is '\(px)'; give the printed width or the on-screen width, not both")
        case (.some, nil): e.size = .printed(mm: try decimal(args, "size-mm", "a positive width in mm, e.g. 30", positive: true))
        case (nil, .some):
            e.size = .onScreen(cssPixels: try decimal(args, "size-px", "a positive width in CSS px, e.g. 200", positive: true))
        case (nil, nil): break
        }
        if let text = args.value("distance") { e.distanceMM = try distance(text) }
        e.lighting = try args.choice("lighting", default: e.lighting, from: lightings)
        if args.flag("quick") {
            if let frames = args.value("frames") {
                throw UsageError("--frames is '\(frames)' and --quick is given; --quick samples its own small number of frames, so give one or the other")
            }
            e.quick = true
        }
        if let text = args.value("frames") {
            guard let frames = Int(text) else {
                throw UsageError("--frames is '\(text)'; expected a whole number of camera frames, e.g. \(e.frames)")
            }
            e.frames = frames
        }
        if let text = args.value("seed") {
            guard let seed = UInt64(text) else {
                throw UsageError("--seed is '\(text)'; expected a whole number from 0 to \(UInt64.max)")
            }
            e.seed = seed
        }
        if args.value("threshold") != nil {
            e.threshold = try decimal(args, "threshold", "a read rate as a fraction, e.g. 0.95")
        }
        if args.value("time-budget") != nil {
            e.timeBudget = try decimal(args, "time-budget", "a number of seconds, e.g. 10")
        }
        if args.flag("no-min-size") { e.findMinimumSize = false }
        return e
    }

    /// A finite number (above 0 when `positive`: a size of 0 would mean the other size); its range is the core's to check.
    static func decimal(_ args: Arguments, _ name: String, _ expected: String, positive: Bool = false) throws -> Double {
        let text = args.value(name) ?? ""
        guard let value = Double(text), value.isFinite, !positive || value > 0 else {
            throw UsageError("--\(name) is '\(text)'; expected \(expected)")
        }
        return value
    }

    /// "100-300" or "200" (mm).
    static func distance(_ text: String) throws -> ClosedRange<Double> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.filter(\.isFinite)
        guard (1...2).contains(parts.count), numbers.count == parts.count else {
            throw UsageError("--distance is '\(text)'; expected MIN-MAX in mm, e.g. 100-300, or one distance")
        }
        let low = numbers[0], high = numbers[numbers.count - 1]
        guard low <= high else {
            throw UsageError("--distance is '\(text)'; MIN must not exceed MAX (mm), e.g. \(number(high))-\(number(low))")
        }
        return low...high
    }

    /// "RRGGBB" or "#RRGGBB".
    static func color(_ text: String) throws -> CKeyColor {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let hex = UInt32(digits, radix: 16) else {
            throw UsageError("--backdrop is '\(text)'; expected a colour as six hex digits RRGGBB, e.g. FFFFFF")
        }
        return CKeyColor(hex: hex)
    }

    // MARK: output

    static func show(_ r: CKeyCertificationReport, envelope: CKeyUseEnvelope) {
        print(r.message)
        var rows: [(String, String)] = []
        rows.append(("rate", percent(r.rate) + " (95% interval \(percent(r.rateInterval.lowerBound))-"
                     + "\(percent(r.rateInterval.upperBound))), \(r.readingsPassed) of \(r.readings) frames"))
        let f = r.failures
        rows.append(("failures", "detection \(f.detection), format band \(f.formatBand), keys \(f.keys), "
                     + "error correction \(f.errorCorrection)"))
        if r.readings > 0 {
            rows.append(("worst distance", "\(number(r.worstDistanceMM)) mm (\(percent(r.worstRate)) read)"))
            if envelope.lighting == .mixed { rows.append(("worst lighting", r.worstLighting.description)) }
        }
        let minimum: String
        if let mm = r.minimumSizeMM {
            minimum = String(format: "%.1f mm at %@ mm", mm, number(envelope.distanceMM.upperBound))
        } else if !envelope.findMinimumSize || r.readings == 0 || r.stoppedByTimeBudget {
            minimum = "not searched"
        } else {
            minimum = "not found"
        }
        rows.append(("minimum size", minimum))
        if let margin = r.correctionMargin { rows.append(("correction margin", "\(margin) codewords (smallest)")) }
        rows.append(("backdrops", "\(r.backdropsTested)"))
        if r.adaptedStyle != nil { rows.append(("style", "adapted by the adaptive policy (--json shows it)")) }
        if r.stoppedByTimeBudget { rows.append(("time budget", "ended sampling early")) }
        let width = rows.map(\.0.count).max() ?? 0
        for (name, value) in rows { print("  " + GradeCommand.pad(name, width) + "  " + value) }
    }

    static func json(_ r: CKeyCertificationReport, envelope e: CKeyUseEnvelope) -> [String: Any] {
        let null = NSNull()
        var size: [String: Any] = ["size_mm": null, "size_px": null]
        switch e.size {
        case .printed(let mm): size["size_mm"] = mm
        case .onScreen(let px): size["size_px"] = px
        }
        let envelope: [String: Any] = size.merging([
            "distance_min_mm": e.distanceMM.lowerBound, "distance_max_mm": e.distanceMM.upperBound,
            "lighting": e.lighting.description, "frames": e.frames, "quick": e.quick, "seed": e.seed,
            "threshold": e.threshold, "time_budget_s": e.timeBudget, "find_min_size": e.findMinimumSize,
        ]) { $1 }
        return [
            "certified": r.certified, "message": r.message, "adapted": r.adaptedStyle != nil,
            "adapted_style": r.adaptedStyle.map { styleJSON($0) as Any } ?? null,
            "backdrops_tested": r.backdropsTested, "readings": r.readings, "readings_passed": r.readingsPassed,
            "correction_margin": r.correctionMargin.map { $0 as Any } ?? null,
            "rate": r.rate, "rate_low": r.rateInterval.lowerBound, "rate_high": r.rateInterval.upperBound,
            "failures": ["detection": r.failures.detection, "format_band": r.failures.formatBand,
                         "keys": r.failures.keys, "error_correction": r.failures.errorCorrection],
            "worst_distance_mm": r.worstDistanceMM, "worst_rate": r.worstRate,
            "worst_lighting": r.worstLighting.description,
            "min_size_mm": r.minimumSizeMM.map { $0 as Any } ?? null, "budget_stopped": r.stoppedByTimeBudget,
            "envelope": envelope,
        ]
    }

    /// A style in the keys of a style.json file (RenderOptions.style(from:)), logo pixels left out.
    static func styleJSON(_ s: CKeyStyle) -> [String: Any] {
        func name<T: Equatable>(_ value: T, _ table: [String: T]) -> String {
            table.first(where: { $0.value == value })?.key ?? "\(value)"
        }
        var object: [String: Any] = [
            "ink": s.ink.description, "background": s.background.description,
            "background_edge": s.backgroundEdge.description, "ring_color": s.ringColor.description,
            "key_color": s.keyColor.description,
            "module_shape": name(s.modules, ["square": .square, "circle": .circle, "rounded": .rounded]),
            "ring_style": name(s.ring, ["square": .square, "rounded": .rounded, "chamfered": .chamfered]),
            "ray_cap": name(s.rayCap, ["butt": .butt, "round": .round, "pointed": .pointed]),
            "bevel": s.bevel, "shadow": s.shadow, "texture": s.texture,
            "policy": name(s.policy, RenderOptions.stylePolicies),
        ]
        if let logo = s.logo {
            object["logo_size"] = logo.size
            object["logo_padding"] = logo.padding
        }
        return object
    }

    static func percent(_ fraction: Double) -> String { String(format: "%.1f%%", 100 * fraction) }

    /// 30, 0.95, 22.5: no trailing zeros.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
