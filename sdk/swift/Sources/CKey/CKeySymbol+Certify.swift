internal import CKeyCodec
import CKeyScanKit
import Foundation

/// Where and how a symbol will be scanned: what certification samples frames
/// from. `CKeyUseEnvelope()` is the core's default envelope
/// (`ckey_certify_envelope_init`); the core checks every value's range.
public struct CKeyUseEnvelope: Sendable, Equatable {
    /// The symbol's width (its 31-unit canvas, quiet margin included).
    public enum Size: Sendable, Equatable {
        /// Printed width in millimetres (1...1000).
        case printed(mm: Double)
        /// On-screen width in CSS pixels, 1/96 inch each (16...8192).
        case onScreen(cssPixels: Double)
    }

    /// Lighting classes; `.mixed` draws half the frames from each.
    public enum Lighting: Int, CaseIterable, Sendable, CustomStringConvertible {
        case indoor = 0, outdoor = 1, mixed = 2
        public var description: String { ["indoor", "outdoor", "mixed"][rawValue] }
    }

    public var size: Size
    /// Reading distance, camera to symbol, in millimetres (50...5000).
    public var distanceMM: ClosedRange<Double>
    public var lighting: Lighting
    /// Camera frames sampled (20...5000).
    public var frames: Int
    /// 32 frames with fewer rays and texels, for ranking styles (about 7x cheaper).
    public var quick: Bool
    /// Every frame is drawn from it: the same seed gives the same report.
    public var seed: UInt64
    /// Read rate needed to certify (0.5...1).
    public var threshold: Double
    /// Stop sampling after this many seconds; 0 = no limit. A stopped run is not certified.
    public var timeBudget: TimeInterval
    /// Also search the smallest printed size that reaches the threshold at the far distance.
    public var findMinimumSize: Bool

    /// Any value left nil takes the core's default.
    public init(size: Size? = nil, distanceMM: ClosedRange<Double>? = nil, lighting: Lighting? = nil,
                frames: Int? = nil, quick: Bool? = nil, seed: UInt64? = nil, threshold: Double? = nil,
                timeBudget: TimeInterval? = nil, findMinimumSize: Bool? = nil) {
        var core = ckey_certify_envelope()
        ckey_certify_envelope_init(&core)
        self.size = size ?? (core.size_mm != 0 ? .printed(mm: core.size_mm) : .onScreen(cssPixels: core.size_px))
        self.distanceMM = distanceMM ?? core.distance_min_mm...max(core.distance_min_mm, core.distance_max_mm)
        self.lighting = lighting ?? Lighting(rawValue: Int(core.lighting)) ?? .indoor
        self.frames = frames ?? Int(core.frames)
        self.quick = quick ?? (core.quick != 0)
        self.seed = seed ?? core.seed
        self.threshold = threshold ?? core.threshold
        self.timeBudget = timeBudget ?? core.time_budget_ms / 1000
        self.findMinimumSize = findMinimumSize ?? (core.find_min_size != 0)
    }

    var core: ckey_certify_envelope {
        var e = ckey_certify_envelope()
        ckey_certify_envelope_init(&e)
        switch size {
        case .printed(let mm): e.size_mm = mm; e.size_px = 0
        case .onScreen(let px): e.size_mm = 0; e.size_px = px
        }
        e.distance_min_mm = distanceMM.lowerBound
        e.distance_max_mm = distanceMM.upperBound
        e.lighting = Int32(lighting.rawValue)
        e.frames = Int32(clamping: frames)
        e.quick = quick ? 1 : 0
        e.seed = seed
        e.threshold = threshold
        e.time_budget_ms = timeBudget * 1000
        e.find_min_size = findMinimumSize ? 1 : 0
        return e
    }
}

/// What certification found. `certified` is the verdict; `message` says why.
public struct CKeyCertificationReport: Sendable, Equatable {
    /// Frames that did not read, by what failed when judged again at the symbol's true position.
    public struct Failures: Sendable, Equatable {
        /// The symbol reads at its true position: the scanner did not find it.
        public let detection: Int
        /// The format band does not read.
        public let formatBand: Int
        /// Fewer than half the keys are found.
        public let keys: Int
        /// Too many module errors for Reed-Solomon.
        public let errorCorrection: Int
        public var total: Int { detection + formatBand + keys + errorCorrection }
    }

    public let certified: Bool
    public let message: String
    /// The style that was tested when the adaptive policy changed it; nil otherwise.
    public let adaptedStyle: CKeyStyle?
    public let backdropsTested: Int
    /// Camera frames sampled.
    public let readings: Int
    /// Frames that decoded the payload.
    public let readingsPassed: Int
    /// Smallest Reed-Solomon margin left over the frames that read; nil when none read.
    public let correctionMargin: Int?
    /// `readingsPassed / readings`.
    public let rate: Double
    /// The rate's 95% interval (Wilson).
    public let rateInterval: ClosedRange<Double>
    public let failures: Failures
    /// Middle of the distance band (a fifth of the range) with the lowest read rate, mm.
    public let worstDistanceMM: Double
    /// That band's read rate.
    public let worstRate: Double
    /// The lighting class with the lower rate (mixed envelopes), else the envelope's.
    public let worstLighting: CKeyUseEnvelope.Lighting
    /// Smallest printed width reaching the threshold at the far distance; nil when not searched or not found.
    public let minimumSizeMM: Double?
    /// The envelope's time budget ended sampling early.
    public let stoppedByTimeBudget: Bool
}

extension CKeySymbol {
    /// Certifies `style` over a use envelope: frames drawn from `envelope`
    /// (distance, angle, lighting, blur, noise, JPEG), rendered by the camera
    /// simulator around the real rendering over each backdrop (or the style's
    /// own background when opaque), and read by the real scanner. Certified
    /// means the read rate reaches `envelope.threshold`. A transparent symbol
    /// with no backdrop is never certified. The model is a model and not a
    /// measurement: real-camera tests remain the evidence. Costs about 5-6 ms
    /// per frame on one core, in the calling thread.
    public func certify(style: CKeyStyle = .plain, transparent: Bool = false, backdrops: [CKeyColor] = [],
                        envelope: CKeyUseEnvelope = CKeyUseEnvelope()) throws -> CKeyCertificationReport {
        var report = ckey_certify_report()
        var tested = ckey_style()
        var coreEnvelope = envelope.core
        let hexes = backdrops.map { $0.hex }
        let status = style.withCore { core in
            hexes.withUnsafeBufferPointer { buffer in
                ckey_certify(handle, core, transparent ? 1 : 0, buffer.baseAddress, buffer.count, &coreEnvelope,
                             &tested, &report)
            }
        }
        try ckeyCheck(status)
        return CKeyCertificationReport(core: report, adaptedStyle: report.adapted != 0 ? CKeyStyle(core: tested, logo: style.logo) : nil)
    }
}

extension CKeyCertificationReport {
    /// The C report's values, unchanged.
    init(core r: ckey_certify_report, adaptedStyle: CKeyStyle?) {
        certified = r.certified != 0
        message = withUnsafeBytes(of: r.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        self.adaptedStyle = adaptedStyle
        backdropsTested = Int(r.backdrops_tested)
        readings = Int(r.readings)
        readingsPassed = Int(r.readings_passed)
        correctionMargin = r.correction_margin >= 0 ? Int(r.correction_margin) : nil
        rate = r.rate
        rateInterval = min(r.rate_low, r.rate_high)...max(r.rate_low, r.rate_high)
        let kinds = withUnsafeBytes(of: r.failures) { Array($0.bindMemory(to: Int32.self)) }
        failures = Failures(detection: Int(kinds[Int(CKEY_FAIL_DETECTION.rawValue)]),
                            formatBand: Int(kinds[Int(CKEY_FAIL_FORMAT.rawValue)]),
                            keys: Int(kinds[Int(CKEY_FAIL_KEYS.rawValue)]),
                            errorCorrection: Int(kinds[Int(CKEY_FAIL_ERROR_CORRECTION.rawValue)]))
        worstDistanceMM = r.worst_distance_mm
        worstRate = r.worst_rate
        worstLighting = CKeyUseEnvelope.Lighting(rawValue: Int(r.worst_lighting)) ?? .indoor
        minimumSizeMM = r.min_size_mm > 0 ? r.min_size_mm : nil
        stoppedByTimeBudget = r.budget_stopped != 0
    }
}
