import CKey
import Foundation
import XCTest

/// CKeyScanSession fed with rendered frames: the session rules through Swift.
final class ScanSessionTests: XCTestCase {
    /// A 480 x 360 gray frame with the symbol (or nothing) pasted at the centre.
    private func frame(_ payload: String?) throws -> Data {
        let width = 480, height = 360
        var gray = Data(repeating: 200, count: width * height)
        guard let payload else { return gray }
        let pixels = try CKeySymbol.encode(payload).pixels(size: 240)
        let x0 = (width - pixels.width) / 2, y0 = (height - pixels.height) / 2
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let p = y * pixels.bytesPerRow + x * 4
                let r = Int(pixels.data[p]), g = Int(pixels.data[p + 1]), b = Int(pixels.data[p + 2])
                gray[(y0 + y) * width + x0 + x] = UInt8((77 * r + 150 * g + 29 * b + 128) >> 8)
            }
        }
        return gray
    }

    private final class Log: @unchecked Sendable {
        let lock = NSLock()
        var results: [String] = []
        var reports: [CKeyScanSession.Report] = []
        func add(_ text: String) { lock.lock(); results.append(text); lock.unlock() }
        func add(_ report: CKeyScanSession.Report) { lock.lock(); reports.append(report); lock.unlock() }
    }

    private final class Clock: @unchecked Sendable {
        let lock = NSLock()
        var now: Int64 = 5_000_000_000
        func read() -> Int64 { lock.lock(); defer { lock.unlock() }; return now }
        func advance(_ seconds: Int64) { lock.lock(); now += seconds * 1_000_000_000; lock.unlock() }
    }

    private final class Counter: CKeyScanObserver, @unchecked Sendable {
        let lock = NSLock()
        var started: [UInt64] = [], ended: [CKeyScanSession.Outcome] = [], frames = 0
        func scanSessionStarted(_ number: UInt64) { lock.lock(); started.append(number); lock.unlock() }
        func scanSessionEnded(_ report: CKeyScanSession.Report) { lock.lock(); ended.append(report.outcome); lock.unlock() }
        func scanFrameProcessed(decodeNanoseconds: Int64, found: Bool) { lock.lock(); frames += 1; lock.unlock() }
    }

    func testFirstDecodeDeliveredOnceThenScanAgain() throws {
        let log = Log(), counter = Counter()
        let session = try CKeyScanSession(observer: counter)
        session.onResult = { log.add($0.text ?? "<binary>") }
        session.onSessionEnd = { log.add($0) }
        let empty = try frame(nil), symbol = try frame("https://openckey.org/swift-session")
        XCTAssertEqual(try session.submit(pixels: symbol, width: 480, height: 360, bytesPerRow: 480, format: .gray8),
                       .ignoredIdle)
        session.start()
        var time: Int64 = 0
        for data in [empty, symbol, symbol, symbol] {
            let disposition = try session.submit(pixels: data, width: 480, height: 360, bytesPerRow: 480,
                                                 format: .gray8, timestamp: time)
            XCTAssertNotEqual(disposition, .droppedBusy)
            session.waitUntilIdle()
            time += 100_000_000
        }
        XCTAssertEqual(log.results, ["https://openckey.org/swift-session"])
        XCTAssertEqual(log.reports.map(\.outcome), [.succeeded])
        XCTAssertEqual(log.reports.first?.profile, .scalable)
        XCTAssertEqual(log.reports.first?.framesProcessed, 2)
        session.scanAgain()
        try session.submit(pixels: symbol, width: 480, height: 360, bytesPerRow: 480, format: .gray8)
        session.waitUntilIdle()
        session.scanAgain()
        session.stop()
        session.waitUntilIdle()
        XCTAssertEqual(log.results.count, 2)
        XCTAssertEqual(log.reports.map(\.outcome), [.succeeded, .succeeded, .stopped])
        let stats = session.statistics
        XCTAssertEqual(stats.sessionsStarted, 3)
        XCTAssertEqual(stats.sessionsSucceeded, 2)
        XCTAssertEqual(stats.sessionsFailed, 1)
        XCTAssertEqual(stats.framesIgnoredIdle, 3)
        XCTAssertFalse(stats.isRunning)
        counter.lock.lock()
        XCTAssertEqual(counter.started, [1, 2, 3])
        XCTAssertEqual(counter.ended, [.succeeded, .succeeded, .stopped])
        XCTAssertEqual(counter.frames, 3)
        counter.lock.unlock()
    }

    func testTimeoutOnInjectedClockAndResultOnQueue() throws {
        let clock = Clock(), log = Log()
        let queue = DispatchQueue(label: "results")
        let session = try CKeyScanSession(queue: queue, clock: { clock.read() })
        let delivered = expectation(description: "result on the queue")
        session.onResult = { result in
            dispatchPrecondition(condition: .onQueue(queue))
            log.add(result.text ?? "")
            delivered.fulfill()
        }
        // The end of the second session is delivered after its result, from
        // the worker: wait for it rather than for the queue to drain.
        let succeeded = expectation(description: "the second session's end on the queue")
        session.onSessionEnd = { report in
            log.add(report)
            if report.outcome == .succeeded { succeeded.fulfill() }
        }
        session.start()
        clock.advance(29)
        session.waitUntilIdle()
        XCTAssertTrue(session.statistics.isRunning)
        clock.advance(1)
        session.waitUntilIdle()
        XCTAssertFalse(session.statistics.isRunning)
        let symbol = try frame("after the timeout")
        XCTAssertEqual(try session.submit(pixels: symbol, width: 480, height: 360, bytesPerRow: 480, format: .gray8),
                       .ignoredIdle)
        session.scanAgain()
        XCTAssertEqual(try session.submit(pixels: symbol, width: 480, height: 360, bytesPerRow: 480, format: .gray8),
                       .queued)
        wait(for: [delivered, succeeded], timeout: 10, enforceOrder: true)
        XCTAssertEqual(log.results, ["after the timeout"])
        XCTAssertEqual(log.reports.map(\.outcome), [.timedOut, .succeeded])
        XCTAssertEqual(log.reports.first?.durationNanoseconds, 30_000_000_000)
    }

    func testRefusals() throws {
        var options = CKeyScanSession.Options()
        options.maxFramesPerSecond = 0
        XCTAssertThrowsError(try CKeyScanSession(options: options)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .invalidConfiguration)
            XCTAssertTrue("\(error)".contains("max_fps is 0"), "\(error)")
        }
        options = CKeyScanSession.Options()
        options.timeout = -1
        XCTAssertThrowsError(try CKeyScanSession(options: options))
        let session = try CKeyScanSession()
        session.start()
        XCTAssertThrowsError(try session.submit(pixels: Data(count: 10), width: 4, height: 4, bytesPerRow: 4,
                                                format: .gray8)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .invalidArgument)
        }
        XCTAssertThrowsError(try session.submit(pixels: Data(count: 16), width: 4, height: 4, bytesPerRow: 2,
                                                format: .gray8))
    }
}
