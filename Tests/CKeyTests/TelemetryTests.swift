@testable import CKey
import CKeyCodec
import CKeyTelemetry
import Foundation
import XCTest

/// Telemetry through Swift: the mode rules of CKey.telemetry, and counting
/// through real frame-driven sessions. The core's rules (due time, outbox,
/// strict batches) are tested in Tests/core/test_telemetry_core.cpp.
final class TelemetryTests: XCTestCase {
    private static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckey-telemetry-\(getpid())")

    override class func setUp() {
        super.setUp()
        // The shared recorder keeps its files under XDG_DATA_HOME on Linux: a temporary folder here.
        setenv("XDG_DATA_HOME", folder.path, 1)
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    func testModeLiteralsAndRawValues() throws {
        let zero: CKeyTelemetryMode = 0, one: CKeyTelemetryMode = 1, two: CKeyTelemetryMode = 2
        XCTAssertEqual([zero, one, two], [.off, .on, .local])
        for raw in [-1, 3, 4, 100, Int.max, Int.min] {
            XCTAssertNil(CKeyTelemetryMode(rawValue: raw))
        }
        CKey.telemetry = .local
        for raw in [-1, 3, 4, 100, Int(Int32.max) + 1, Int.max, Int.min] {
            XCTAssertThrowsError(try CKey.setTelemetry(rawValue: raw)) { error in
                XCTAssertEqual((error as? CKeyError)?.code, .invalidConfiguration)
                XCTAssertTrue("\(error)".contains("allowed: 0 (off), 1 (on), 2 (local)"), "\(error)")
            }
            XCTAssertEqual(CKey.telemetry, .local, "a refused value leaves the mode unchanged")
        }
        for raw in [0, 2] {
            try CKey.setTelemetry(rawValue: raw)
            XCTAssertEqual(CKey.telemetry.rawValue, raw)
        }
        CKey.telemetry = 2
        XCTAssertEqual(CKey.telemetry, .local)
    }

    func testOffPurgesAndLocalCounts() throws {
        CKey.telemetry = .local
        let shared = CKeyTelemetrySession.shared
        shared.sessionStarted()
        shared.frameProcessed(duration: 0.004)
        shared.sessionSucceeded(profile: .text, timeToFirstDecode: 1.25)
        shared.sessionStarted()
        shared.sessionFailed()
        shared.frameProcessed(duration: -1)  // rejected, counted as telemetry's own error
        var counters = CKey.telemetryCounters
        XCTAssertEqual(counters.sessionsStarted, 2)
        XCTAssertEqual(counters.sessionsSucceeded, 1)
        XCTAssertEqual(counters.sessionsFailed, 1)
        XCTAssertEqual(counters.framesProcessed, 1)
        XCTAssertEqual(counters.decodes[.text], 1)
        XCTAssertGreaterThanOrEqual(TelemetryRecorder.shared.errors.rejected_samples, 1)
        CKey.telemetry = 0
        counters = CKey.telemetryCounters
        XCTAssertEqual(counters.sessionsStarted + counters.sessionsSucceeded + counters.framesProcessed, 0)
        shared.sessionStarted()
        XCTAssertEqual(CKey.telemetryCounters.sessionsStarted, 0, "mode 0 counts nothing")
        CKey.telemetry = .local
    }

    /// Mode 0 touches no disk (docs/adoption-and-telemetry.md, section 2):
    /// `.off` set first, before any recorder exists, then every call, and the
    /// folders stay empty; switching on later makes the directory.
    func testOffTouchesNoDisk() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ckey-home-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: home) }
        let nowhere = URL(string: "https://127.0.0.1:9/")!
        // A configured directory.
        let configured = home.appendingPathComponent("configured/telemetry")
        let recorder = TelemetryRecorder(directory: configured, mode: .off, endpoint: nowhere)
        useEverything(recorder)
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: home.path), [])
        #if !os(iOS) && !os(macOS)
        // The default directory under HOME, as CKey.telemetry = .off at launch makes it.
        let shared = SharedTelemetry(directory: { TelemetryRecorder.defaultDirectory(environment: ["HOME": home.path]) },
                                     endpoint: nowhere)
        try shared.setMode(rawValue: 0)
        XCTAssertEqual(shared.mode, .off)
        useEverything(shared.recorder)
        XCTAssertEqual(shared.counters.sessionsStarted, 0)
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: home.path), [])
        try shared.setMode(rawValue: 2)
        useEverything(shared.recorder)
        let current = home.appendingPathComponent(".local/share/ckey/telemetry/current.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: current.path), "switched on, it counts on disk")
        #endif
    }

    /// A directory another recorder holds (here in this process; the core's
    /// tests use two processes): the core refuses it, and the Swift layer
    /// neither throws nor loses counts silently. It counts in memory, keeps
    /// the reason and counts it as an I/O error.
    func testHeldDirectoryFallsBackToMemoryAndSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckey-telemetry-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let nowhere = URL(string: "https://127.0.0.1:9/")!
        let first = TelemetryRecorder(directory: folder, mode: .local, endpoint: nowhere)
        let second = TelemetryRecorder(directory: folder, mode: .local, endpoint: nowhere)
        XCTAssertNil(first.storageError)
        XCTAssertEqual(first.errors.io_errors, 0)
        let reason = try XCTUnwrap(second.storageError)
        XCTAssertEqual(reason.code, .ioError)
        XCTAssertTrue(reason.message.contains("telemetry directory \"\(folder.path)\" is in use"), reason.message)
        XCTAssertEqual(second.errors.io_errors, 1)
        useEverything(second)
        XCTAssertEqual(second.counters.sessionsStarted, 2, "counted in memory")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("current.json").path))
        useEverything(first)
        XCTAssertEqual(first.counters.sessionsStarted, 2)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("current.json").path))
    }

    /// Every call an app or the scanner makes, then a poll and a take.
    private func useEverything(_ recorder: TelemetryRecorder) {
        let session = CKeyTelemetrySession(recorder: recorder)
        session.sessionStarted()
        session.frameProcessed(duration: 0.004)
        session.sessionSucceeded(profile: .text, timeToFirstDecode: 0.5)
        session.sessionStarted()
        session.sessionFailed()
        var due: Int32 = 0
        ckey_telemetry_poll(recorder.handle, &due)
        var json: UnsafeMutablePointer<CChar>?
        var length = 0
        var id: UInt64 = 0
        ckey_telemetry_take_batch(recorder.handle, &json, &length, &id)
        ckey_free(json)
        _ = recorder.counters
    }

    func testCountingThroughRealSessions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckey-telemetry-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = TelemetryRecorder(directory: folder, mode: .local, endpoint: URL(string: "https://127.0.0.1:9/")!)
        let telemetry = CKeyTelemetrySession(recorder: recorder)
        let session = try CKeyScanSession(observer: telemetry)
        let marker = "TELEMETRY-LEAK-MARKER-5e1f"
        let pixels = try CKeySymbol.encode("https://openckey.org/\(marker)").pixels(size: 240)
        for _ in 0..<3 {
            session.scanAgain()
            try session.submit(pixels: pixels.data, width: pixels.width, height: pixels.height,
                               bytesPerRow: pixels.bytesPerRow, format: .rgba8)
            session.waitUntilIdle()
        }
        session.scanAgain()
        session.stop()
        session.waitUntilIdle()
        let counters = CKeyTelemetryCounters(
            sessionsStarted: 4, sessionsSucceeded: 3, sessionsFailed: 1, framesProcessed: 3,
            decodes: [.scalable: 3, .locator: 0, .text: 0, .extended: 0])
        XCTAssertEqual(recorder.counters, counters)
        // What is on disk holds the counts and nothing of the payloads.
        var due: Int32 = 0
        ckey_telemetry_poll(recorder.handle, &due)
        XCTAssertEqual(due, 0, "mode 2 never sends")
        let current = try Data(contentsOf: folder.appendingPathComponent("current.json"))
        let text = String(decoding: current, as: UTF8.self)
        XCTAssertTrue(text.contains("\"started\":4"), text)
        XCTAssertFalse(text.contains(marker))
        XCTAssertEqual(ckey_telemetry_validate_batch(text, current.count), CKEY_OK)
    }
}
