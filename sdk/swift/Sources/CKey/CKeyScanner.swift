#if canImport(AVFoundation) && (os(iOS) || os(macOS))
import AVFoundation

/// `CKeyCameraScanner` with telemetry sessions: each session is reported to
/// `CKeyTelemetrySession.shared` (aggregate counts only; see
/// docs/adoption-and-telemetry.md). Use `CKeyCameraScanner(observer: nil)`
/// from the `CKeyScanner` product for no telemetry at all.
public final class CKeyScanner: CKeyCameraScanner, @unchecked Sendable {
    public init(options: CKeyScanSession.Options = CKeyScanSession.Options()) {
        super.init(observer: CKeyTelemetrySession.shared, options: options)
    }
}
#endif
