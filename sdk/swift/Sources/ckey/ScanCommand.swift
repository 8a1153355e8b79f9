import CKey
internal import CKeyCodec
import Foundation

/// `ckey scan --raw WxH`: live scanning of a raw frame stream on stdin, with
/// the session rules of `CKeyScanSession`.
enum ScanCommand {
    static let help = """
        usage: ckey scan --raw WIDTHxHEIGHT [--format gray8|nv12|rgba] [--fps N] [--rate R]
                         [--timeout S] [--once] [--json]

        Reads raw frames from stdin, back to back, and scans them as a live camera
        would: frames are decoded at up to --fps per second (default 20), a frame
        that arrives while one is being decoded is dropped, and each session ends
        at its first decode or after --timeout seconds without one (default 30).
        A new session begins after each end; end of input stops the last one.
        Each session's end is printed as it happens.

          --raw WxH      frame size in pixels
          --format F     gray8 (default; 1 byte/pixel), nv12 (video-range NV12,
                         1.5 bytes/pixel, luma read) or rgba (4 bytes/pixel)
          --fps N        frames decoded per second at most, 1...1000
          --rate R       the input is a recording at R frames per second: frame n
                         is at n/R s and the session clock follows the stream, so
                         a file gives the same sessions at any reading speed; each
                         frame waits for the previous decode (none dropped busy)
          --timeout S    seconds without a decode before a session fails, 1...86400
          --once         exit after the first decoded symbol
          --json         one JSON object per session (session, outcome, seconds,
                         frames, and the result fields when it succeeded)

        Examples:
          ffmpeg -re -i video.mp4 -f rawvideo -pix_fmt gray - | ckey scan --raw 1280x720
          ffmpeg -i video.mp4 -f rawvideo -pix_fmt gray - | ckey scan --raw 1280x720 --rate 30

        Exit status: 0 when a session succeeded, 3 when none did, 1 on a read error.
        """

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let args = try Arguments(arguments, options: ["raw", "format", "fps", "rate", "timeout"],
                                 flags: ["once", "json", "help"])
        if args.flag("help") { print(help); return 0 }
        guard let raw = args.value("raw") else { throw UsageError("missing --raw WIDTHxHEIGHT") }
        let parts = raw.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int32($0) }
        guard parts.count == 2, let width32 = parts[0], let height32 = parts[1] else {
            throw UsageError("--raw is '\(raw)'; expected WIDTHxHEIGHT in pixels, e.g. 1280x720")
        }
        let format = try args.choice("format", default: CKeyPixelFormat.gray8, from: [
            "gray8": .gray8, "gray": .gray8, "nv12": .nv12VideoRange, "rgba": .rgba8,
        ])
        // The core's limits, before a frame buffer is sized from them.
        if ckey_image_check_size(width32, height32, format.rawValue) != CKEY_OK {
            throw UsageError("--raw is '\(raw)': \(String(cString: ckey_last_error()))")
        }
        let width = Int(width32), height = Int(height32)
        let bytesPerRow = width * format.bytesPerPixel  // NV12: the luma plane's rows
        let frameBytes = format == .nv12VideoRange ? width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
                                                   : height * bytesPerRow
        let formatName = args.value("format") ?? "gray8"
        let frameShape = "\(width)x\(height) \(formatName) frames of \(frameBytes) bytes"
        // A file on stdin can be checked before any frame is scanned.
        var info = stat()
        if fstat(0, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) % frameBytes != 0 {
            throw CKeyError(code: .invalidArgument, message: "standard input is \(info.st_size) bytes, not a whole number of \(frameShape) (\(Int(info.st_size) / frameBytes) frames and \(Int(info.st_size) % frameBytes) bytes left over); check --raw and --format")
        }
        var options = CKeyScanSession.Options()
        options.maxFramesPerSecond = try args.integer("fps", default: 20, in: 1...1000)
        options.timeout = TimeInterval(try args.integer("timeout", default: 30, in: 1...86400))
        let rate = try args.value("rate").map { _ in try args.integer("rate", default: 30, in: 1...1000) }

        let stream = StreamClock()
        let printer = SessionPrinter(json: args.flag("json"), once: args.flag("once"))
        var clock: (@Sendable () -> Int64)?
        if rate != nil { clock = { stream.read() } }
        let session = try CKeyScanSession(options: options, clock: clock)
        printer.session = session
        session.onResult = { printer.record($0) }
        session.onSessionEnd = { printer.ended($0) }
        session.start()

        var buffer = [UInt8](repeating: 0, count: frameBytes)
        var index: Int64 = 0
        var status: Int32 = 0
        while !printer.done {
            let count = readFully(&buffer)
            if count < 0 {
                Output.error("reading stdin failed: \(String(cString: strerror(errno)))")
                status = 1
                break
            }
            if count < frameBytes {
                if count > 0 {
                    Output.error("the input ends with a partial frame of \(count) bytes after \(index) whole ones; the stream must be a whole number of \(frameShape) (check --raw and --format)")
                    status = 1
                }
                break
            }
            var timestamp: Int64?
            if let rate {
                // Stream time moves only between decodes, and a timeout due at
                // this frame's time is handled (and the next session begun)
                // before the frame is offered: the same input gives the same sessions.
                session.waitUntilIdle()
                let stamp = index * 1_000_000_000 / Int64(rate)
                stream.set(stamp)
                session.waitUntilIdle()
                timestamp = stamp
            }
            try buffer.withUnsafeBytes {
                _ = try session.submit(pixels: $0, width: width, height: height,
                                       bytesPerRow: bytesPerRow, format: format, timestamp: timestamp)
            }
            index += 1
        }
        printer.finish()
        session.waitUntilIdle()
        let stats = session.statistics
        if !args.flag("json") {
            Output.error("\(index) frames read; \(stats.framesProcessed) decoded, \(stats.framesDroppedBusy) dropped (busy), \(stats.framesSkippedRate) skipped (rate), \(stats.framesIgnoredIdle) between sessions")
        }
        return status != 0 ? status : (printer.succeeded ? 0 : 3)
    }

    /// Reads until the buffer is full or the input ends; -1 on an error.
    private static func readFully(_ buffer: inout [UInt8]) -> Int {
        var filled = 0
        while filled < buffer.count {
            let got = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + filled, $0.count - filled) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return -1 }
            if got == 0 { break }
            filled += got
        }
        return filled
    }
}

/// The stream's clock in --rate mode: the newest frame's timestamp.
private final class StreamClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int64 = 0
    func read() -> Int64 { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ now: Int64) { lock.lock(); value = now; lock.unlock() }
}

/// Prints each session's end (on the session's worker thread) and begins the
/// next session, until the input ends or --once is satisfied.
private final class SessionPrinter: @unchecked Sendable {
    let json: Bool, once: Bool
    weak var session: CKeyScanSession?
    private let lock = NSLock()
    private var result: CKeyResult?
    private var finished = false
    private(set) var succeeded = false

    init(json: Bool, once: Bool) {
        self.json = json
        self.once = once
    }

    var done: Bool { lock.lock(); defer { lock.unlock() }; return finished }

    func record(_ result: CKeyResult) { lock.lock(); self.result = result; lock.unlock() }

    /// The input ended: the running session will end as stopped, and no new one begins.
    func finish() {
        lock.lock()
        finished = true
        lock.unlock()
        // A session end being delivered now still sees `finished` unset; wait
        // for it, so that nothing begins after this stop.
        session?.waitUntilIdle()
        session?.stop()
    }

    func ended(_ report: CKeyScanSession.Report) {
        lock.lock()
        let result = report.outcome == .succeeded ? self.result : nil
        self.result = nil
        if result != nil { succeeded = true }
        if result != nil && once { finished = true }
        let next = !finished
        lock.unlock()
        print(report, result)
        if next { session?.scanAgain() }
    }

    private func print(_ report: CKeyScanSession.Report, _ result: CKeyResult?) {
        let seconds = Double(report.durationNanoseconds) / 1e9
        let outcome = ["succeeded", "stopped", "restarted", "timed_out"][Int(report.outcome.rawValue) - 1]
        if json {
            var object: [String: Any] = ["session": report.number, "outcome": outcome,
                                         "seconds": (seconds * 1000).rounded() / 1000,
                                         "frames": report.framesProcessed]
            if let result { object["result"] = DecodeCommand.describe(result) }
            Output.json(object)
        } else if let result {
            let shown = result.text.map { "\"\($0)\"" } ?? "\(result.bytes.count) bytes (binary)"
            Swift.print("session \(report.number): \(shown) after \(String(format: "%.2f", seconds)) s (\(report.framesProcessed) frames)")
        } else {
            let why = outcome.replacingOccurrences(of: "_", with: " ")
            Swift.print("session \(report.number): no symbol (\(why) after \(String(format: "%.2f", seconds)) s, \(report.framesProcessed) frames)")
        }
        fflush(stdout)
    }
}
