import CKeyCodec
import CKeyScanKit
import Foundation

/// What certification found. `certified` is the verdict; `message` says why.
public struct CKeyCertificationReport: Sendable {
    public let certified: Bool
    public let message: String
    /// The style that was tested when the adaptive policy changed it; nil otherwise.
    public let adaptedStyle: CKeyStyle?
    public let backdropsTested: Int
    public let readings: Int
    public let readingsPassed: Int
    /// Smallest Reed-Solomon margin left over the readings; nil when one failed.
    public let worstMargin: Int?
}

extension CKeySymbol {
    /// Renders the symbol in `style`, composites it over each backdrop (or its
    /// own background when opaque), passes it through a phone-camera model and
    /// decodes it with the real decoder. A transparent symbol with no backdrop
    /// is never certified. The model is a model and not a measurement:
    /// real-camera tests remain the evidence.
    public func certify(style: CKeyStyle = .plain, transparent: Bool = false,
                        backdrops: [CKeyColor] = []) throws -> CKeyCertificationReport {
        var report = ckey_certify_report()
        var tested = ckey_style()
        let hexes = backdrops.map { $0.hex }
        let status = style.withCore { core in
            hexes.withUnsafeBufferPointer { buffer in
                ckey_certify(handle, core, transparent ? 1 : 0, buffer.baseAddress, buffer.count, &tested, &report)
            }
        }
        try ckeyCheck(status)
        let message = withUnsafeBytes(of: report.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return CKeyCertificationReport(
            certified: report.certified != 0, message: message,
            adaptedStyle: report.adapted != 0 ? CKeyStyle(core: tested, logo: style.logo) : nil,
            backdropsTested: Int(report.backdrops_tested), readings: Int(report.readings),
            readingsPassed: Int(report.readings_passed),
            worstMargin: report.worst_margin >= 0 ? Int(report.worst_margin) : nil)
    }
}
