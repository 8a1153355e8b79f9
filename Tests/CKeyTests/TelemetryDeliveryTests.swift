@testable import CKey
import CKeyTelemetry
import Foundation
import XCTest

/// Batches sent by the real sender (URLSession) to a real HTTPS server on
/// loopback with a test CA. Driven by Tests/telemetry/test_delivery_https.py,
/// which runs this class in a mount namespace where URLSession trusts the
/// test CA, sets CKEY_TELEMETRY_TEST_BASE, and checks what the server received.
final class TelemetryDeliveryTests: XCTestCase {
    /// Injected clocks: C function pointers read this through their context.
    final class Clocks {
        let lock = NSLock()
        var utc: Int64 = 20786 * 86400 + 3600
        var monotonic: Int64 = 1
        func advance(_ seconds: Int64) {
            lock.lock()
            utc += seconds
            monotonic += seconds * 1_000_000_000
            lock.unlock()
        }
    }

    private var base: String!
    private var refused: String!

    override func setUpWithError() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let base = environment["CKEY_TELEMETRY_TEST_BASE"], let refused = environment["CKEY_TELEMETRY_TEST_REFUSED"] else {
            throw XCTSkip("run through Tests/telemetry/test_delivery_https.py (it provides the HTTPS server)")
        }
        self.base = base
        self.refused = refused
    }

    private func recorder(_ path: String, _ clocks: Clocks, _ folder: URL) -> TelemetryRecorder {
        let context = Unmanaged.passUnretained(clocks).toOpaque()
        return TelemetryRecorder(
            directory: folder, mode: .on, endpoint: URL(string: path)!,
            utcClock: { context in
                let c = Unmanaged<Clocks>.fromOpaque(context!).takeUnretainedValue()
                c.lock.lock(); defer { c.lock.unlock() }
                return c.utc
            },
            monotonicClock: { context in
                let c = Unmanaged<Clocks>.fromOpaque(context!).takeUnretainedValue()
                c.lock.lock(); defer { c.lock.unlock() }
                return c.monotonic
            },
            clockContext: context)
    }

    /// Scans symbols whose payloads carry `marker` through a real session.
    private func scanSessions(_ recorder: TelemetryRecorder, marker: String) throws {
        let session = try CKeyScanSession(observer: CKeyTelemetrySession(recorder: recorder))
        let pixels = try CKeySymbol.encode("https://openckey.org/\(marker)").pixels(size: 240)
        session.scanAgain()
        try session.submit(pixels: pixels.data, width: pixels.width, height: pixels.height,
                           bytesPerRow: pixels.bytesPerRow, format: .rgba8)
        session.waitUntilIdle()
    }

    /// One send attempt: the HTTP status the sender saw (0 = no response).
    private func attempt(_ recorder: TelemetryRecorder, timeout: TimeInterval = 60) -> Int {
        let done = expectation(description: "attempt")
        let lock = NSLock()
        var seen = -1
        recorder.sender.onAttempt = { status in
            lock.lock(); seen = status; lock.unlock()
            done.fulfill()
        }
        recorder.sender.check()
        wait(for: [done], timeout: timeout)
        recorder.sender.onAttempt = nil
        lock.lock(); defer { lock.unlock() }
        return seen
    }

    private func pending(_ recorder: TelemetryRecorder) -> Int {
        var count = 0
        ckey_telemetry_pending(recorder.handle, &count)
        return count
    }

    private var folders: [URL] = []

    private func folder() -> URL {
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("ckey-delivery-\(UUID())")
        folders.append(made)
        return made
    }

    override func tearDown() {
        folders.forEach { try? FileManager.default.removeItem(at: $0) }
        super.tearDown()
    }

    func testSuccessDeletesTheBatch() throws {
        let clocks = Clocks(), dir = folder()
        let r = recorder("\(base!)/ok", clocks, dir)
        try scanSessions(r, marker: "MARKER-OK-7f3a")
        XCTAssertEqual(attempt(r), 200)
        XCTAssertEqual(pending(r), 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("outbox").path), [])
    }

    func testServerErrorKeepsTheBatchThenSucceeds() throws {
        let clocks = Clocks(), dir = folder()
        let r = recorder("\(base!)/fail-once", clocks, dir)
        try scanSessions(r, marker: "MARKER-500-91bc")
        XCTAssertEqual(attempt(r), 500)
        XCTAssertEqual(pending(r), 1)
        clocks.advance(3600)
        XCTAssertEqual(attempt(r), 200)
        XCTAssertEqual(pending(r), 0)
    }

    func testRetryAfterIsHonoured() throws {
        let clocks = Clocks(), dir = folder()
        let r = recorder("\(base!)/retry", clocks, dir)
        try scanSessions(r, marker: "MARKER-429-c2d4")
        XCTAssertEqual(attempt(r), 429)  // Retry-After: 7200
        assertWaitsTwoHoursThenDelivers(r, clocks)
    }

    func testRetryAfterDateIsHonoured() throws {
        let clocks = Clocks(), dir = folder()
        // The server answers 503 with this moment, two hours ahead, as an HTTP-date.
        let r = recorder("\(base!)/retry-date/\(clocks.utc + 7200)", clocks, dir)
        try scanSessions(r, marker: "MARKER-503-8d1e")
        XCTAssertEqual(attempt(r), 503)
        assertWaitsTwoHoursThenDelivers(r, clocks)
    }

    private func assertWaitsTwoHoursThenDelivers(_ r: TelemetryRecorder, _ clocks: Clocks,
                                                 file: StaticString = #filePath, line: UInt = #line) {
        clocks.advance(3600)
        var due: Int32 = -1
        ckey_telemetry_poll(r.handle, &due)
        XCTAssertEqual(due, 0, "Retry-After two hours ahead: not due after one hour", file: file, line: line)
        clocks.advance(3600)
        XCTAssertEqual(attempt(r), 200, file: file, line: line)
        XCTAssertEqual(pending(r), 0, file: file, line: line)
    }

    func testBadRequestDropsAndCounts() throws {
        let clocks = Clocks(), dir = folder()
        let r = recorder("\(base!)/bad", clocks, dir)
        try scanSessions(r, marker: "MARKER-400-e5f6")
        XCTAssertEqual(attempt(r), 400)
        XCTAssertEqual(pending(r), 0)
        XCTAssertEqual(r.errors.dropped_batches, 1)
    }

    func testSlowServerNeverBlocksCounting() throws {
        let clocks = Clocks(), dir = folder()
        let r = recorder("\(base!)/slow", clocks, dir)
        try scanSessions(r, marker: "MARKER-SLOW-0a1b")
        let done = expectation(description: "slow attempt")
        r.sender.onAttempt = { status in
            XCTAssertEqual(status, 200)
            done.fulfill()
        }
        r.sender.check()
        // While the request waits on the server (3 s), sessions are still counted at once.
        let started = Date()
        try scanSessions(r, marker: "MARKER-SLOW-2c3d")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertEqual(r.counters.sessionsSucceeded, 2)
        wait(for: [done], timeout: 60)
    }

    func testRefusedConnectionKeepsTheBatch() throws {
        let clocks = Clocks(), dir = folder()
        let r = recorder(refused!, clocks, dir)
        try scanSessions(r, marker: "MARKER-REFUSED-4e5f")
        XCTAssertEqual(attempt(r), 0)
        XCTAssertEqual(pending(r), 1)
        let outbox = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("outbox").path)
        XCTAssertEqual(outbox.count, 1)
        // The kept batch holds no payload byte.
        let text = try String(contentsOf: dir.appendingPathComponent("outbox").appendingPathComponent(outbox[0]))
        XCTAssertFalse(text.contains("MARKER"))
    }
}
