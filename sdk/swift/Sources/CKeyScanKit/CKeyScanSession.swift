internal import CKeyCodec
import Dispatch
import Foundation

/// Watches a scanner's sessions: `CKeyScanner` (in `CKey`) records them as
/// telemetry; `CKeyCameraScanner(observer: nil)` records nothing. Called on
/// the session's worker thread, in order; keep the work short.
public protocol CKeyScanObserver: AnyObject, Sendable {
    func scanSessionStarted(_ number: UInt64)
    func scanSessionEnded(_ report: CKeyScanSession.Report)
    /// One decoded frame: its decode time and whether a symbol was in it.
    func scanFrameProcessed(decodeNanoseconds: Int64, found: Bool)
}

/// Live scanning driven by frames from any source: the core's `ckey_session`.
/// Frames are decoded on the session's own thread at up to
/// `maxFramesPerSecond`; a frame that arrives while one is being decoded is
/// dropped and counted. The first valid decode of a session is delivered once
/// to `onResult`; call `scanAgain()` for the next one. A session fails at
/// `stop()` or after `timeout` without a decode.
///
/// `start()`, `stop()`, `scanAgain()` and `submit` may be called from any
/// thread. Handlers run on `queue` (the main queue in `CKeyCameraScanner`),
/// or on the session's worker thread when `queue` is nil.
public final class CKeyScanSession: @unchecked Sendable {
    public struct Options: Sendable {
        public var maxFramesPerSecond: Int = 20
        public var timeout: TimeInterval = 30
        /// Also search frames >= 480 px at full resolution (small symbols), at
        /// about 8x the cost of a symbol-free frame.
        public var thorough: Bool = false
        public init() {}
    }

    public enum Outcome: Int32, Sendable {
        case succeeded = 1
        case stopped = 2
        case restarted = 3
        case timedOut = 4
    }

    /// How one session ended.
    public struct Report: Sendable, Equatable {
        public let number: UInt64
        public let outcome: Outcome
        /// From the session's start to its end.
        public let durationNanoseconds: Int64
        public let framesProcessed: UInt64
        /// The decoded symbol's profile when the session succeeded.
        public let profile: CKeyProfile?
    }

    public enum FrameDisposition: Int32, Sendable {
        case queued = 0
        case droppedBusy = 1
        case skippedRate = 2
        case ignoredIdle = 3
    }

    /// Totals since the session object was created.
    public struct Statistics: Sendable, Equatable {
        public let sessionsStarted, sessionsSucceeded, sessionsFailed: UInt64
        public let framesSubmitted, framesProcessed, framesDroppedBusy, framesSkippedRate, framesIgnoredIdle: UInt64
        public let isRunning: Bool
    }

    /// The first valid decode of each session.
    public var onResult: ((CKeyResult) -> Void)? {
        get { handlers.withLock { $0.onResult } }
        set { handlers.withLock { $0.onResult = newValue } }
    }

    /// Every session's end (after `onResult` for a success).
    public var onSessionEnd: ((Report) -> Void)? {
        get { handlers.withLock { $0.onSessionEnd } }
        set { handlers.withLock { $0.onSessionEnd = newValue } }
    }

    private let handle: OpaquePointer
    private let handlers: Handlers

    /// - Parameters:
    ///   - queue: where handlers run; nil = the session's worker thread.
    ///   - observer: told of every session and frame, on the worker thread.
    ///   - clock: a monotonic clock in nanoseconds for tests; nil = the system's.
    public init(options: Options = Options(), queue: DispatchQueue? = nil, observer: CKeyScanObserver? = nil,
                clock: (@Sendable () -> Int64)? = nil) throws {
        handlers = Handlers(queue: queue, observer: observer, clock: clock)
        var core = ckey_session_options()
        ckey_session_options_init(&core)
        core.max_fps = Int32(clamping: options.maxFramesPerSecond)
        // Out-of-range values reach the core clamped, and the core refuses them.
        let milliseconds = (options.timeout * 1000).rounded()
        core.timeout_ms = milliseconds.isFinite ? Int32(max(-1, min(milliseconds, Double(Int32.max)))) : -1
        core.scan_flags = options.thorough ? CKEY_SCAN_THOROUGH : 0
        let context = Unmanaged.passUnretained(handlers).toOpaque()
        if clock != nil {
            core.clock = { context in Unmanaged<Handlers>.fromOpaque(context!).takeUnretainedValue().clock!() }
            core.clock_context = context
        }
        var callbacks = ckey_session_callbacks()
        callbacks.context = context
        callbacks.on_session_start = { context, number in
            Unmanaged<Handlers>.fromOpaque(context!).takeUnretainedValue().started(number)
        }
        callbacks.on_result = { context, number, results in
            Unmanaged<Handlers>.fromOpaque(context!).takeUnretainedValue().result(results)
        }
        callbacks.on_session_end = { context, report in
            Unmanaged<Handlers>.fromOpaque(context!).takeUnretainedValue().ended(report!.pointee)
        }
        callbacks.on_frame = { context, nanoseconds, found in
            Unmanaged<Handlers>.fromOpaque(context!).takeUnretainedValue().frame(nanoseconds, found != 0)
        }
        var session: OpaquePointer?
        try ckeyCheck(ckey_session_create(&callbacks, &core, &session))
        guard let session else { throw CKeyError(code: .internal, message: "ckey_session_create returned nothing") }
        handle = session
    }

    deinit {
        // Joins the worker, so no callback can reach `handlers` afterwards.
        ckey_session_destroy(handle)
    }

    /// Begins a session unless one is running.
    public func start() { ckey_session_start(handle) }

    /// Ends the running session (failed, if it had no decode) and begins a new one.
    public func scanAgain() { ckey_session_scan_again(handle) }

    /// Ends the running session; it fails if it had no decode.
    public func stop() { ckey_session_stop(handle) }

    /// Offers one frame. The pixels are copied (as luminance) before this
    /// returns when the frame is queued. `timestamp`: the frame's time in
    /// nanoseconds on the session clock, for the frame-rate limit; nil = now.
    @discardableResult
    public func submit(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                       format: CKeyPixelFormat, timestamp: Int64? = nil) throws -> FrameDisposition {
        guard let width32 = Int32(exactly: width), let height32 = Int32(exactly: height), bytesPerRow >= 0 else {
            throw CKeyError(code: .invalidArgument,
                            message: "frame size is \(width) x \(height) with \(bytesPerRow) bytes per row; all must be positive")
        }
        var disposition: Int32 = 0
        try ckeyCheck(ckey_session_submit_frame(handle, pixels.bindMemory(to: UInt8.self).baseAddress, pixels.count,
                                                width32, height32,
                                                bytesPerRow, format.rawValue, timestamp ?? -1, &disposition))
        return FrameDisposition(rawValue: disposition) ?? .queued
    }

    /// `Data` convenience for `submit(pixels:...)`.
    @discardableResult
    public func submit(pixels: Data, width: Int, height: Int, bytesPerRow: Int, format: CKeyPixelFormat,
                       timestamp: Int64? = nil) throws -> FrameDisposition {
        try pixels.withUnsafeBytes {
            try submit(pixels: $0, width: width, height: height, bytesPerRow: bytesPerRow, format: format,
                       timestamp: timestamp)
        }
    }

    public var statistics: Statistics {
        var stats = ckey_session_stats()
        ckey_session_get_stats(handle, &stats)
        return Statistics(sessionsStarted: stats.sessions_started, sessionsSucceeded: stats.sessions_succeeded,
                          sessionsFailed: stats.sessions_failed, framesSubmitted: stats.frames_submitted,
                          framesProcessed: stats.frames_processed, framesDroppedBusy: stats.frames_dropped_busy,
                          framesSkippedRate: stats.frames_skipped_rate, framesIgnoredIdle: stats.frames_ignored_idle,
                          isRunning: stats.running != 0)
    }

    /// Blocks until the queued frame is decoded and the worker's callbacks have
    /// run (handlers sent to `queue` may still be pending there). Checks the
    /// timeout too. For tests and batch tools; never call it from a handler.
    public func waitUntilIdle() { ckey_session_wait_idle(handle) }
}

/// What the C callbacks reach through their context pointer. Lives as long
/// as the session object, which joins the worker before releasing it.
private final class Handlers: @unchecked Sendable {
    struct State {
        var onResult: ((CKeyResult) -> Void)?
        var onSessionEnd: ((CKeyScanSession.Report) -> Void)?
    }

    let queue: DispatchQueue?
    let observer: CKeyScanObserver?
    let clock: (@Sendable () -> Int64)?
    private let lock = NSLock()
    private var state = State()

    init(queue: DispatchQueue?, observer: CKeyScanObserver?, clock: (@Sendable () -> Int64)?) {
        self.queue = queue
        self.observer = observer
        self.clock = clock
    }

    func withLock<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// Handlers are app closures, not necessarily Sendable: the app chose the
    /// queue they run on, and they run there one at a time.
    private struct Unchecked: @unchecked Sendable { let body: () -> Void }

    private func run(_ body: @escaping () -> Void) {
        let unchecked = Unchecked(body: body)
        if let queue { queue.async { unchecked.body() } } else { body() }
    }

    func started(_ number: UInt64) { observer?.scanSessionStarted(number) }

    func frame(_ nanoseconds: Int64, _ found: Bool) {
        observer?.scanFrameProcessed(decodeNanoseconds: nanoseconds, found: found)
    }

    func result(_ results: OpaquePointer?) {
        // Converted now: the core's results handle is valid only during the call.
        guard let results, let result = try? CKeyResult(coreResults: results, index: 0),
              let handler = withLock({ $0.onResult }) else { return }
        run { handler(result) }
    }

    func ended(_ core: ckey_session_report) {
        let report = CKeyScanSession.Report(
            number: core.session_number, outcome: CKeyScanSession.Outcome(rawValue: core.outcome) ?? .stopped,
            durationNanoseconds: core.duration_ns, framesProcessed: core.frames_processed,
            profile: core.profile >= 0 ? CKeyProfile(rawValue: Int(core.profile)) : nil)
        observer?.scanSessionEnded(report)
        guard let handler = withLock({ $0.onSessionEnd }) else { return }
        run { handler(report) }
    }
}

