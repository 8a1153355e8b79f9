import CKey
import CKeyCodec
import Foundation
import XCTest

/// Print quality grading through the public API: encode, render, grade.
final class GradeTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ckey-grade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A clean 1024 px rendering written as a PNG file.
    private func renderedSymbol(_ text: String = "https://openckey.org/grade") throws -> URL {
        let symbol = try CKeySymbol.encode(text)
        let url = directory.appendingPathComponent("symbol.png")
        try symbol.pngData(size: 1024).write(to: url)
        return url
    }

    func testCleanRenderingGradesA() throws {
        let grade = try CKeyDecoder.grade(fileAt: renderedSymbol())
        XCTAssertEqual(grade.overall, 4)
        XCTAssertEqual(grade.letter, "A")
        XCTAssertEqual(grade.parameters.count, 13)
        for parameter in grade.parameters {
            XCTAssertEqual(parameter.grade, 4, "\(parameter.name) = \(parameter.value)")
            XCTAssertEqual(parameter.letter, "A")
        }
        XCTAssertEqual(grade.parameters.first?.name, "symbol_contrast")
        XCTAssertEqual(Set(grade.parameters.map(\.name)).count, 13, "parameter names are distinct")
        XCTAssertNotNil(grade.parameter(named: "modulation"))
        XCTAssertEqual(grade.profile, .scalable)
        XCTAssertGreaterThan(grade.version, 0)
        XCTAssertGreaterThan(grade.modules, 0)
        XCTAssertGreaterThanOrEqual(grade.pixelsPerModule, 4)
        XCTAssertLessThan(grade.reflectanceMin, grade.reflectanceMax)
    }

    func testCardReportAndJSON() throws {
        let grade = try CKeyDecoder.grade(fileAt: renderedSymbol())
        XCTAssertEqual(Array(grade.cardPNG.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(String(decoding: grade.reportPDF.prefix(5), as: UTF8.self), "%PDF-")
        let object = try JSONSerialization.jsonObject(with: Data(grade.json.utf8)) as? [String: Any]
        let overall = try XCTUnwrap(object?["overall"] as? [String: Any])
        XCTAssertEqual(overall["grade"] as? Int, grade.overall)
        XCTAssertEqual(overall["letter"] as? String, grade.letter)
        let parameters = try XCTUnwrap(object?["parameters"] as? [String: Any])
        XCTAssertEqual(Set(parameters.keys), Set(grade.parameters.map(\.name)))
    }

    func testGrayBufferGradesLikeTheFile() throws {
        let symbol = try CKeySymbol.encode("https://openckey.org/grade")
        let rgba = try symbol.pixels(size: 1024)
        // The rendering is black on white, so any channel is the grey level.
        var gray = Data(count: rgba.width * rgba.height)
        for y in 0..<rgba.height {
            for x in 0..<rgba.width { gray[y * rgba.width + x] = rgba.data[y * rgba.bytesPerRow + x * 4] }
        }
        let grade = try CKeyDecoder.grade(gray: gray, width: rgba.width, height: rgba.height, bytesPerRow: rgba.width)
        XCTAssertEqual(grade.overall, 4)
        XCTAssertEqual(grade.version, symbol.version)
        XCTAssertEqual(grade.modules, symbol.moduleCount)
    }

    func testBlankImageThrows() throws {
        let white = Data(repeating: 255, count: 400 * 300)
        XCTAssertThrowsError(try CKeyDecoder.grade(gray: white, width: 400, height: 300, bytesPerRow: 400)) { error in
            let error = error as? CKeyError
            XCTAssertEqual(error?.code, .decodeFailed)
            XCTAssertTrue(error?.message.contains("no readable CKey symbol") ?? false, "\(String(describing: error))")
        }
        let url = directory.appendingPathComponent("small.png")
        try CKeySymbol.encode("x").pngData(size: 64).write(to: url)  // too small to grade
        XCTAssertThrowsError(try CKeyDecoder.grade(fileAt: url))
        XCTAssertThrowsError(try CKeyDecoder.grade(fileAt: directory.appendingPathComponent("missing.png"))) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .ioError, "\(error)")
        }
    }

    func testMalformedBufferThrows() {
        XCTAssertThrowsError(try CKeyDecoder.grade(gray: Data(count: 10), width: 100, height: 100, bytesPerRow: 100))
        XCTAssertThrowsError(try CKeyDecoder.grade(gray: Data(count: 10), width: -1, height: 10, bytesPerRow: 10))
    }

    /// The Swift values are the C API's values, unchanged.
    func testSwiftMatchesTheCAPI() throws {
        let url = try renderedSymbol()
        let grade = try CKeyDecoder.grade(fileAt: url)
        var handle: OpaquePointer?
        XCTAssertEqual(ckey_grade_file(url.path, &handle), CKEY_OK)
        let core = try XCTUnwrap(handle)
        defer { ckey_grade_destroy(core) }
        var summary = ckey_grade_summary()
        XCTAssertEqual(ckey_grade_get_summary(core, &summary), CKEY_OK)
        XCTAssertEqual(grade.overall, Int(summary.overall))
        let values = withUnsafeBytes(of: summary.values) { Array($0.bindMemory(to: Double.self)) }
        let grades = withUnsafeBytes(of: summary.grades) { Array($0.bindMemory(to: Int32.self)) }
        XCTAssertEqual(grade.parameters.map(\.value), Array(values.prefix(13)))
        XCTAssertEqual(grade.parameters.map(\.grade), grades.prefix(13).map(Int.init))
        XCTAssertEqual(grade.parameters.map(\.name), (0..<13).map { String(cString: ckey_grade_parameter_name(Int32($0))!) })
        XCTAssertEqual(grade.profile.rawValue, Int(summary.profile))
        XCTAssertEqual(grade.version, Int(summary.version))
        XCTAssertEqual(grade.level.rawValue, Int(summary.level))
        XCTAssertEqual(grade.layout.rawValue, Int(summary.layout))
        XCTAssertEqual(grade.modules, Int(summary.modules))
        XCTAssertEqual(grade.pixelsPerModule, summary.pixels_per_module)
        XCTAssertEqual(grade.reflectanceMin, summary.reflectance_min)
        XCTAssertEqual(grade.reflectanceMax, summary.reflectance_max)
        var json: UnsafeMutablePointer<CChar>?
        XCTAssertEqual(ckey_grade_json(core, &json), CKEY_OK)
        XCTAssertEqual(grade.json, json.map { String(cString: $0) })
        ckey_free(json)
    }
}
