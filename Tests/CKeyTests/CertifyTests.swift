import CKey
import CKeyCodec
import Foundation
import XCTest

/// Certification over a use envelope through the public API. Small frame
/// counts keep the tests fast; the core's tests cover the statistics.
final class CertifyTests: XCTestCase {
    /// A quick envelope: 40 frames, no minimum-size search unless asked.
    private func envelope(frames: Int = 40, seed: UInt64? = nil, findMinimumSize: Bool = false) -> CKeyUseEnvelope {
        CKeyUseEnvelope(frames: frames, seed: seed, findMinimumSize: findMinimumSize)
    }

    private func assertConsistent(_ r: CKeyCertificationReport, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.rate, Double(r.readingsPassed) / Double(r.readings), accuracy: 1e-12, file: file, line: line)
        XCTAssertTrue(r.rateInterval.contains(r.rate), "\(r.rateInterval) \(r.rate)", file: file, line: line)
        XCTAssertEqual(r.failures.total, r.readings - r.readingsPassed, file: file, line: line)
        XCTAssertFalse(r.stoppedByTimeBudget, file: file, line: line)
    }

    func testDefaultEnvelopeIsTheCores() {
        var core = ckey_certify_envelope()
        XCTAssertEqual(ckey_certify_envelope_init(&core), CKEY_OK)
        let e = CKeyUseEnvelope()
        XCTAssertEqual(e.size, .printed(mm: core.size_mm))
        XCTAssertEqual(e.distanceMM, core.distance_min_mm...core.distance_max_mm)
        XCTAssertEqual(e.lighting.rawValue, Int(core.lighting))
        XCTAssertEqual(e.frames, Int(core.frames))
        XCTAssertEqual(e.quick, core.quick != 0)
        XCTAssertEqual(e.seed, core.seed)
        XCTAssertEqual(e.threshold, core.threshold)
        XCTAssertEqual(e.timeBudget * 1000, core.time_budget_ms)
        XCTAssertEqual(e.findMinimumSize, core.find_min_size != 0)
        // Values given replace only themselves.
        let far = CKeyUseEnvelope(size: .onScreen(cssPixels: 200), lighting: .mixed)
        XCTAssertEqual(far.size, .onScreen(cssPixels: 200))
        XCTAssertEqual(far.lighting, .mixed)
        XCTAssertEqual(far.frames, e.frames)
        XCTAssertEqual(far.distanceMM, e.distanceMM)
    }

    /// Plain and concept certify at the default envelope (fewer frames: the core's test uses 100).
    func testPlainAndConceptCertifyOverTheirBackground() throws {
        let symbol = try CKeySymbol.encode("https://openckey.org/certify")
        for style in [CKeyStyle.plain, .concept] {
            let report = try symbol.certify(style: style, envelope: envelope(frames: 100))
            XCTAssertTrue(report.certified, report.message)
            XCTAssertTrue(report.message.hasPrefix("certified"), report.message)
            XCTAssertEqual(report.readings, 100)
            XCTAssertGreaterThanOrEqual(report.rate, CKeyUseEnvelope().threshold)
            XCTAssertEqual(report.backdropsTested, 1)
            XCTAssertNotNil(report.correctionMargin)
            XCTAssertNil(report.adaptedStyle)
            XCTAssertNil(report.minimumSizeMM, "not searched")
            XCTAssertTrue((100...300).contains(report.worstDistanceMM), "\(report.worstDistanceMM)")
            XCTAssertEqual(report.worstLighting, .indoor)
            assertConsistent(report)
        }
    }

    /// The README's call compiles unchanged (at the default envelope it samples
    /// 200 frames and searches a size: too slow for a debug test), and runs on a small envelope.
    func testContractCall() throws {
        let symbol = try CKeySymbol.encode("https://openckey.org")
        var style = CKeyStyle.concept
        style.modules = .circle
        style.policy = .adaptive
        let contract: () throws -> CKeyCertificationReport = {
            try symbol.certify(style: style, transparent: true, backdrops: [.white, CKeyColor(hex: 0x202020)])
        }
        _ = contract
        let report = try symbol.certify(style: style, transparent: true, backdrops: [.white, CKeyColor(hex: 0x202020)],
                                        envelope: CKeyUseEnvelope(quick: true, findMinimumSize: false))
        XCTAssertFalse(report.message.isEmpty)
        XCTAssertEqual(report.backdropsTested, 2)
        XCTAssertGreaterThan(report.readings, 0)
        XCTAssertNotNil(report.adaptedStyle, "concept's light ink over white is adapted: \(report.message)")
        _ = report.certified
        assertConsistent(report)
    }

    func testTransparentWithoutBackdropIsNeverCertified() throws {
        let symbol = try CKeySymbol.encode("ABC123")
        let report = try symbol.certify(style: .plain, transparent: true, envelope: envelope())
        XCTAssertFalse(report.certified)
        XCTAssertTrue(report.message.contains("none were given"), report.message)
        XCTAssertEqual(report.readings, 0)
        let over = try symbol.certify(style: .plain, transparent: true, backdrops: [.white, CKeyColor(hex: 0xEEEEDD)],
                                      envelope: envelope())
        XCTAssertTrue(over.certified, over.message)
        XCTAssertEqual(over.backdropsTested, 2)
    }

    func testStrictStyleRefusalIsReported() throws {
        let symbol = try CKeySymbol.encode("ABC123")
        var style = CKeyStyle.plain
        style.ink = CKeyColor(hex: 0xDDDDDD)  // pale ink on white: the contrast check refuses it
        let report = try symbol.certify(style: style, envelope: envelope())
        XCTAssertFalse(report.certified)
        XCTAssertTrue(report.message.contains("style check"), report.message)
    }

    func testSameSeedSameReport() throws {
        let symbol = try CKeySymbol.encode("https://openckey.org/seed")
        let small = CKeyUseEnvelope(size: .printed(mm: 20), distanceMM: 150...450, lighting: .mixed, frames: 40,
                                    seed: 7, findMinimumSize: false)
        let a = try symbol.certify(envelope: small)
        let b = try symbol.certify(envelope: small)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.rate, b.rate)
        XCTAssertEqual(a.failures, b.failures)
        XCTAssertEqual(a.message, b.message)
        XCTAssertTrue([.indoor, .outdoor].contains(a.worstLighting), "\(a.worstLighting)")
        assertConsistent(a)
    }

    func testFarAndSmallIsNotCertifiedAndNamesASize() throws {
        let symbol = try CKeySymbol.encode("https://openckey.org/far")
        let far = CKeyUseEnvelope(size: .printed(mm: 15), distanceMM: 300...600, frames: 40)
        let report = try symbol.certify(envelope: far)
        XCTAssertFalse(report.certified, report.message)
        XCTAssertTrue(report.message.hasPrefix("not certified"), report.message)
        XCTAssertLessThan(report.rate, far.threshold)
        XCTAssertGreaterThan(report.failures.total, 0)
        let minimum = try XCTUnwrap(report.minimumSizeMM, report.message)
        XCTAssertGreaterThan(minimum, 15)
        XCTAssertTrue((300...600).contains(report.worstDistanceMM), "\(report.worstDistanceMM)")
        assertConsistent(report)
    }

    func testEnvelopeOutOfRangeThrows() throws {
        let symbol = try CKeySymbol.encode("ABC123")
        XCTAssertThrowsError(try symbol.certify(envelope: CKeyUseEnvelope(frames: 5))) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .invalidArgument, "\(error)")
            XCTAssertTrue((error as? CKeyError)?.message.contains("frames") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try symbol.certify(envelope: CKeyUseEnvelope(threshold: 1.5)))
        XCTAssertThrowsError(try symbol.certify(envelope: CKeyUseEnvelope(size: .printed(mm: 0.5))))
    }

    /// The Swift values are the C API's values, unchanged.
    func testSwiftMatchesTheCAPI() throws {
        let symbol = try CKeySymbol.encode("https://openckey.org/c")
        let swiftEnvelope = CKeyUseEnvelope(size: .printed(mm: 25), distanceMM: 120...250, lighting: .mixed,
                                            frames: 20, seed: 11)
        let backdrops: [CKeyColor] = [.white, CKeyColor(hex: 0xEEEEDD)]
        let report = try symbol.certify(style: .plain, transparent: true, backdrops: backdrops, envelope: swiftEnvelope)

        var e = ckey_certify_envelope()
        XCTAssertEqual(ckey_certify_envelope_init(&e), CKEY_OK)
        e.size_mm = 25
        e.distance_min_mm = 120
        e.distance_max_mm = 250
        e.lighting = Int32(CKEY_LIGHTING_MIXED.rawValue)
        e.frames = 20
        e.seed = 11
        var core: OpaquePointer?
        let payload = [UInt8]("https://openckey.org/c".utf8)
        XCTAssertEqual(ckey_symbol_encode(payload, payload.count, 0, 0, Int32(CKeyLevel.m.rawValue),
                                          Int32(CKeyLayout.standard.rawValue), &core), CKEY_OK)
        let handle = try XCTUnwrap(core)
        defer { ckey_symbol_destroy(handle) }
        let hexes = backdrops.map(\.hex)
        var c = ckey_certify_report()
        XCTAssertEqual(ckey_certify(handle, nil, 1, hexes, hexes.count, &e, nil, &c), CKEY_OK)

        XCTAssertEqual(report.certified, c.certified != 0)
        XCTAssertEqual(report.message, withUnsafeBytes(of: c.message) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) })
        XCTAssertEqual(report.backdropsTested, Int(c.backdrops_tested))
        XCTAssertEqual(report.readings, Int(c.readings))
        XCTAssertEqual(report.readingsPassed, Int(c.readings_passed))
        XCTAssertEqual(report.correctionMargin ?? -1, Int(c.correction_margin))
        XCTAssertEqual(report.adaptedStyle != nil, c.adapted != 0)
        XCTAssertEqual(report.rate, c.rate)
        XCTAssertEqual(report.rateInterval, c.rate_low...c.rate_high)
        let failures = withUnsafeBytes(of: c.failures) { Array($0.bindMemory(to: Int32.self)) }
        XCTAssertEqual([report.failures.detection, report.failures.formatBand, report.failures.keys,
                        report.failures.errorCorrection], failures.map(Int.init))
        XCTAssertEqual(report.worstDistanceMM, c.worst_distance_mm)
        XCTAssertEqual(report.worstRate, c.worst_rate)
        XCTAssertEqual(report.worstLighting.rawValue, Int(c.worst_lighting))
        XCTAssertEqual(report.minimumSizeMM ?? 0, c.min_size_mm)
        XCTAssertEqual(report.stoppedByTimeBudget, c.budget_stopped != 0)
        XCTAssertNotNil(report.minimumSizeMM, report.message)
    }
}
