internal import CKeyCodec
internal import CKeyTelemetry
import Foundation

/// The telemetry mode: process-wide, not persisted. `CKey.telemetry = .off`
/// or `CKey.telemetry = 0`. The integer literals 0, 1 and 2 are accepted; any
/// other literal stops the program (it is never treated as 1). For values
/// known only at run time use `try CKey.setTelemetry(rawValue:)`.
public enum CKeyTelemetryMode: Int, Sendable, CaseIterable, ExpressibleByIntegerLiteral {
    /// Nothing counted; switching to it purges every counter.
    case off = 0
    /// Counted and sent as aggregate batches, at most one an hour (the default).
    case on = 1
    /// Counted locally, never sent.
    case local = 2

    public init(integerLiteral value: Int) {
        guard let mode = CKeyTelemetryMode(rawValue: value) else {
            fatalError("CKey.telemetry = \(value): the telemetry modes are 0 (off), 1 (on) and 2 (local); "
                       + "use try CKey.setTelemetry(rawValue:) for a value read at run time")
        }
        self = mode
    }
}

/// Local totals (modes 1 and 2) since launch or the last switch to off.
public struct CKeyTelemetryCounters: Sendable, Equatable {
    public let sessionsStarted, sessionsSucceeded, sessionsFailed: UInt64
    public let framesProcessed: UInt64
    /// Decodes per profile.
    public let decodes: [CKeyProfile: UInt64]
}

/// Process-wide CKey settings.
public enum CKey {
    /// The telemetry mode (default `.on` in the `CKey` product). Set it at
    /// launch, before scanning. See docs/adoption-and-telemetry.md.
    public static var telemetry: CKeyTelemetryMode {
        get { SharedTelemetry.process.mode }
        set { try? SharedTelemetry.process.setMode(rawValue: newValue.rawValue) }
    }

    /// Sets the mode from a run-time value. Throws `CKeyError` with code
    /// `.invalidConfiguration` for anything but 0, 1 or 2, and leaves the
    /// mode unchanged.
    public static func setTelemetry(rawValue: Int) throws {
        try SharedTelemetry.process.setMode(rawValue: rawValue)
    }

    /// Local totals in modes 1 and 2 (zero in mode 0).
    public static var telemetryCounters: CKeyTelemetryCounters { SharedTelemetry.process.counters }
}

/// Reports scan sessions from an app's own camera pipeline (for example one
/// built on `CKeyDecoder`). `CKeyScanner` reports through it by itself.
/// Calls never throw and never block on I/O; in mode 0 they count nothing.
public final class CKeyTelemetrySession: CKeyScanObserver, @unchecked Sendable {
    public static let shared = CKeyTelemetrySession(recorder: .shared)

    let recorder: TelemetryRecorder

    init(recorder: TelemetryRecorder) { self.recorder = recorder }

    /// A session began (camera started or scan again).
    public func sessionStarted() { ckey_telemetry_session_started(recorder.handle) }

    /// The session's first valid decode, `timeToFirstDecode` after it began.
    public func sessionSucceeded(profile: CKeyProfile, timeToFirstDecode: TimeInterval) {
        ckey_telemetry_session_succeeded(recorder.handle, Int32(profile.rawValue), microseconds(timeToFirstDecode))
        recorder.sessionEnded()
    }

    /// The session ended without a decode (stopped, or 30 s passed).
    public func sessionFailed() {
        ckey_telemetry_session_failed(recorder.handle)
        recorder.sessionEnded()
    }

    /// One processed frame and how long its decode took.
    public func frameProcessed(duration: TimeInterval) {
        ckey_telemetry_frame_processed(recorder.handle, microseconds(duration))
    }

    // CKeyScanObserver: what CKeyScanner and CKeyScanSession(observer:) report.
    public func scanSessionStarted(_ number: UInt64) { sessionStarted() }

    public func scanSessionEnded(_ report: CKeyScanSession.Report) {
        if report.outcome == .succeeded, let profile = report.profile {
            ckey_telemetry_session_succeeded(recorder.handle, Int32(profile.rawValue),
                                             report.durationNanoseconds / 1000)
            recorder.sessionEnded()
        } else {
            sessionFailed()
        }
    }

    public func scanFrameProcessed(decodeNanoseconds: Int64, found: Bool) {
        ckey_telemetry_frame_processed(recorder.handle, decodeNanoseconds / 1000)
    }

    /// Negative and non-finite times pass as -1, which the core rejects and counts.
    private func microseconds(_ seconds: TimeInterval) -> Int64 {
        let value = (seconds * 1e6).rounded()
        return value.isFinite && value >= 0 && value < 9e18 ? Int64(value) : -1
    }
}

/// The process-wide recorder. It is made at its first use, in the mode set
/// before that (`.on` when none was), so that `CKey.telemetry = .off` at
/// launch makes no folder and reads no file: the core in mode 0 touches no disk.
final class SharedTelemetry: @unchecked Sendable {
    static let process = SharedTelemetry(directory: { TelemetryRecorder.defaultDirectory() })

    private let lock = NSLock()
    private let directory: () -> URL?
    private let endpoint: URL
    private var made: TelemetryRecorder?

    /// - Parameter directory: asked once, when the recorder is made.
    init(directory: @escaping () -> URL?, endpoint: URL = TelemetrySender.endpoint) {
        self.directory = directory
        self.endpoint = endpoint
    }

    /// The recorder, made now in mode `.on` if nothing made it yet.
    var recorder: TelemetryRecorder {
        lock.lock(); defer { lock.unlock() }
        if let made { return made }
        let recorder = TelemetryRecorder(directory: directory(), mode: .on, endpoint: endpoint)
        made = recorder
        return recorder
    }

    /// Reading the mode or the totals makes nothing: before the recorder
    /// exists they are the default mode and zero counts.
    var mode: CKeyTelemetryMode {
        lock.lock(); defer { lock.unlock() }
        return made?.mode ?? .on
    }

    var counters: CKeyTelemetryCounters {
        lock.lock(); defer { lock.unlock() }
        return made?.counters ?? CKeyTelemetryCounters(ckey_telemetry_counters())
    }

    func setMode(rawValue: Int) throws {
        lock.lock(); defer { lock.unlock() }
        if let made { return try made.setMode(rawValue: rawValue) }
        made = try TelemetryRecorder(directory: directory(), rawMode: rawValue, endpoint: endpoint)
    }
}

/// Owns the core recorder (`ckey_telemetry`) and its sender.
final class TelemetryRecorder: @unchecked Sendable {
    static var shared: TelemetryRecorder { SharedTelemetry.process.recorder }

    /// nil only when not even a memory-only recorder could be made (out of
    /// memory): every call then fails in the core, and nothing is counted.
    let handle: OpaquePointer?
    let sender: TelemetrySender
    /// Why the directory is not used, when it is not (for example another
    /// process holds it): this recorder then counts in memory only, and
    /// `errors` counts the failure as one I/O error.
    let storageError: CKeyError?

    /// - Parameters: directory nil = memory only; clocks for tests.
    convenience init(directory: URL?, mode: CKeyTelemetryMode, endpoint: URL,
                     utcClock: ckey_telemetry_clock? = nil, monotonicClock: ckey_telemetry_clock? = nil,
                     clockContext: UnsafeMutableRawPointer? = nil) {
        // Every CKeyTelemetryMode is a mode the core accepts, and nothing else can throw.
        try! self.init(directory: directory, rawMode: mode.rawValue, endpoint: endpoint, utcClock: utcClock,
                       monotonicClock: monotonicClock, clockContext: clockContext)
    }

    /// Throws `CKeyError` `.invalidConfiguration` when the core refuses rawMode.
    /// A directory that cannot be used never throws: the recorder counts in
    /// memory and keeps the reason in `storageError`.
    init(directory: URL?, rawMode: Int, endpoint: URL,
         utcClock: ckey_telemetry_clock? = nil, monotonicClock: ckey_telemetry_clock? = nil,
         clockContext: UnsafeMutableRawPointer? = nil) throws {
        guard let mode = Int32(exactly: rawMode) else { throw Self.modeRefused(rawMode) }
        var config = ckey_telemetry_config()
        config.mode = mode
        config.utc_clock = utcClock
        config.monotonic_clock = monotonicClock
        config.clock_context = clockContext
        switch Self.create(config, directory: directory?.path) {
        case .success(let made):
            handle = made
            storageError = nil
        case .failure(let error) where error.code == .invalidConfiguration:
            throw error
        case .failure(let error):
            // Telemetry never stops the host app: without a usable directory
            // it counts in memory, and without memory it counts nothing.
            if case .success(let made) = Self.create(config, directory: nil) {
                handle = made
            } else {
                handle = nil
            }
            storageError = error
        }
        sender = TelemetrySender(endpoint: endpoint)
        sender.recorder = self
    }

    /// ckey_telemetry_create with this SDK's identity; the C strings live only
    /// inside the closures, so the call is made within them.
    private static func create(_ base: ckey_telemetry_config, directory: String?) -> Result<OpaquePointer, CKeyError> {
        #if os(iOS)
        let platform = "ios"
        #elseif os(macOS)
        let platform = "macos"
        #else
        let platform = "linux"
        #endif
        var config = base
        var made: OpaquePointer?
        config.sdk_version = ckey_version_string()  // a static string
        let status: ckey_status = "swift".withCString { sdk in
            platform.withCString { platform in
                config.sdk = sdk
                config.platform = platform
                guard let directory else { return ckey_telemetry_create(&config, &made) }
                return directory.withCString { path in
                    config.directory = path
                    return ckey_telemetry_create(&config, &made)
                }
            }
        }
        guard status == CKEY_OK, let made else {
            return .failure(CKeyError(code: CKeyError.Code(status),
                                      message: String(cString: ckey_last_error())))
        }
        return .success(made)
    }

    private static func modeRefused(_ rawValue: Int) -> CKeyError {
        CKeyError(code: .invalidConfiguration, message: "telemetry mode is \(rawValue); allowed: 0 (off), 1 (on), 2 (local)")
    }

    deinit {
        sender.shutDown()
        ckey_telemetry_destroy(handle)
    }

    var mode: CKeyTelemetryMode {
        var raw: Int32 = 1
        ckey_telemetry_get_mode(handle, &raw)
        return CKeyTelemetryMode(rawValue: Int(raw)) ?? .on
    }

    func setMode(rawValue: Int) throws {
        guard let raw = Int32(exactly: rawValue) else { throw Self.modeRefused(rawValue) }
        let status = ckey_telemetry_set_mode(handle, raw)
        guard status == CKEY_OK else {
            throw CKeyError(code: CKeyError.Code(status),
                            message: String(cString: ckey_last_error()))
        }
        if raw == 1 { sender.check() }
    }

    var counters: CKeyTelemetryCounters {
        var c = ckey_telemetry_counters()
        ckey_telemetry_get_counters(handle, &c)
        return CKeyTelemetryCounters(c)
    }

    /// The core's own error counts, plus one I/O error when the directory
    /// could not be used at all (`storageError`).
    var errors: ckey_telemetry_errors {
        var e = ckey_telemetry_errors()
        ckey_telemetry_get_errors(handle, &e)
        if storageError != nil { e.io_errors += 1 }
        return e
    }

    /// A session ended: make it durable and send if a batch is due (off the
    /// scan thread: the sender's private queue).
    func sessionEnded() { sender.check() }

    /// environment: the process's, or a test's.
    static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        #if os(iOS) || os(macOS)
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        return base?.appendingPathComponent("CKey/Telemetry", isDirectory: true)
        #else
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return URL(fileURLWithPath: data).appendingPathComponent("ckey/telemetry", isDirectory: true)
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/ckey/telemetry", isDirectory: true)
        #endif
    }
}

extension CKeyTelemetryCounters {
    init(_ c: ckey_telemetry_counters) {
        let decodes = withUnsafeBytes(of: c.decodes) { Array($0.bindMemory(to: UInt64.self)) }
        self.init(sessionsStarted: c.sessions_started, sessionsSucceeded: c.sessions_succeeded,
                  sessionsFailed: c.sessions_failed, framesProcessed: c.frames,
                  decodes: Dictionary(uniqueKeysWithValues: CKeyProfile.allCases.map { ($0, decodes[$0.rawValue]) }))
    }
}
