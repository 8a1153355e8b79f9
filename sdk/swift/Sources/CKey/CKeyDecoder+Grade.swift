internal import CKeyCodec
import CKeyScanKit
import Foundation

/// The print quality grade of one printed symbol, from A (4) to F (0),
/// parameter by parameter (spec/CKey-Print-Quality.md). Every number comes
/// from the core. An uncalibrated camera or scanner gives an indication, not
/// a verification.
public struct CKeyPrintGrade: Sendable {
    /// One graded parameter.
    public struct Parameter: Sendable, Equatable {
        /// The core's key: "symbol_contrast", "modulation", ...
        public let name: String
        /// Units depend on the parameter (percent, fraction, module pitches);
        /// see `ckey_grade_parameter` in include/ckey/grade.h.
        public let value: Double
        /// 4 (A) ... 0 (F).
        public let grade: Int
        /// "A", "B", "C", "D" or "F".
        public let letter: String
    }

    /// 4 (A) ... 0 (F): the lowest parameter grade.
    public let overall: Int
    /// "A", "B", "C", "D" or "F".
    public let letter: String
    /// Every graded parameter, in the core's order (13 of them).
    public let parameters: [Parameter]
    public let profile: CKeyProfile
    /// Profile 0 version 1...31; 0 for the fixed profiles.
    public let version: Int
    public let level: CKeyLevel
    public let layout: CKeyLayout
    public let mask: Int
    /// Data-field modules per side.
    public let modules: Int
    /// True for light marks on a dark ground.
    public let isInverted: Bool
    public let pixelsPerModule: Double
    /// Lowest and highest reflectance, and the threshold between them (percent).
    public let reflectanceMin: Double
    public let reflectanceMax: Double
    public let threshold: Double
    /// Every measurement, as the core writes it.
    public let json: String
    /// The grade card: the symbol with its fitted grid and the grades beside it.
    public let cardPNG: Data
    /// A one-page PDF report.
    public let reportPDF: Data

    /// The parameter named `name`, or nil.
    public func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }

    /// The letter of a grade: 4 A, 3 B, 2 C, 1 D, 0 F.
    public static func letter(for grade: Int) -> String {
        ["F", "D", "C", "B", "A"][min(max(grade, 0), 4)]
    }
}

extension CKeyDecoder {
    /// Grades the one symbol in a PNG, JPEG (EXIF orientation honoured), PGM
    /// or PPM file. Throws `.decodeFailed` when no symbol reads, `.sizeTooSmall`
    /// below 4 px per module, `.invalidParameter` for Profile 1.
    public static func grade(fileAt url: URL) throws -> CKeyPrintGrade {
        // A file URL whose path is "-" is a file named "-", not standard input.
        try gradePath(url.path == "-" ? "./-" : url.path)
    }

    /// Grades one image read from standard input (PNG, JPEG, PGM or PPM).
    public static func gradeFromStandardInput() throws -> CKeyPrintGrade {
        try gradePath("-")
    }

    /// Grades the one symbol in an 8-bit grey buffer (`bytesPerRow >= width`).
    public static func grade(gray pixels: UnsafeRawBufferPointer, width: Int, height: Int,
                             bytesPerRow: Int) throws -> CKeyPrintGrade {
        // The core checks sizes, stride and the buffer's length; only what
        // does not fit its C types is refused here.
        guard let width32 = Int32(exactly: width), let height32 = Int32(exactly: height), bytesPerRow >= 0 else {
            throw CKeyError(code: .invalidArgument,
                            message: "image size is \(width) x \(height) with \(bytesPerRow) bytes per row; all must be positive")
        }
        var handle: OpaquePointer?
        try ckeyCheck(ckey_grade_gray8(pixels.bindMemory(to: UInt8.self).baseAddress, pixels.count, width32, height32,
                                       bytesPerRow, &handle))
        return try CKeyPrintGrade(taking: handle)
    }

    /// `Data` convenience for `grade(gray:...)`.
    public static func grade(gray pixels: Data, width: Int, height: Int, bytesPerRow: Int) throws -> CKeyPrintGrade {
        try pixels.withUnsafeBytes { try grade(gray: $0, width: width, height: height, bytesPerRow: bytesPerRow) }
    }

    private static func gradePath(_ path: String) throws -> CKeyPrintGrade {
        var handle: OpaquePointer?
        try ckeyCheck(ckey_grade_file(path, &handle))
        return try CKeyPrintGrade(taking: handle)
    }
}

extension CKeyPrintGrade {
    /// Reads everything from a core `ckey_grade` handle, then destroys it.
    init(taking handle: OpaquePointer?) throws {
        guard let handle else { throw CKeyError(code: .internal, message: "grade returned no result") }
        defer { ckey_grade_destroy(handle) }
        var summary = ckey_grade_summary()
        try ckeyCheck(ckey_grade_get_summary(handle, &summary))
        let count = Int(CKEY_GRADE_PARAMETER_COUNT.rawValue)
        let values = withUnsafeBytes(of: summary.values) { Array($0.bindMemory(to: Double.self).prefix(count)) }
        let grades = withUnsafeBytes(of: summary.grades) { Array($0.bindMemory(to: Int32.self).prefix(count)) }
        parameters = (0..<count).map { index in
            let name = ckey_grade_parameter_name(Int32(index)).map { String(cString: $0) } ?? "parameter_\(index)"
            return Parameter(name: name, value: values[index], grade: Int(grades[index]),
                             letter: CKeyPrintGrade.letter(for: Int(grades[index])))
        }
        overall = Int(summary.overall)
        letter = CKeyPrintGrade.letter(for: overall)
        profile = CKeyProfile(rawValue: Int(summary.profile)) ?? .scalable
        version = Int(summary.version)
        level = CKeyLevel(rawValue: Int(summary.level)) ?? .m
        layout = CKeyLayout(rawValue: Int(summary.layout)) ?? .standard
        mask = Int(summary.mask)
        modules = Int(summary.modules)
        isInverted = summary.ink_light != 0
        pixelsPerModule = summary.pixels_per_module
        reflectanceMin = summary.reflectance_min
        reflectanceMax = summary.reflectance_max
        threshold = summary.threshold

        var text: UnsafeMutablePointer<CChar>?
        try ckeyCheck(ckey_grade_json(handle, &text))
        guard let text else { throw CKeyError(code: .internal, message: "grade JSON returned no text") }
        json = String(cString: text)
        ckey_free(text)
        cardPNG = try Self.bytes("grade card") { ckey_grade_card_png(handle, &$0, &$1) }
        reportPDF = try Self.bytes("grade report") { ckey_grade_report_pdf(handle, &$0, &$1) }
    }

    /// Calls a core function that hands over a malloc'd buffer; copies and frees it.
    private static func bytes(_ what: String,
                              _ call: (inout UnsafeMutablePointer<UInt8>?, inout Int) -> ckey_status) throws -> Data {
        var pointer: UnsafeMutablePointer<UInt8>?
        var length = 0
        try ckeyCheck(call(&pointer, &length))
        guard let pointer else { throw CKeyError(code: .internal, message: "\(what) returned no data") }
        defer { ckey_free(pointer) }
        return Data(bytes: pointer, count: length)
    }
}

#if canImport(CoreGraphics)
import CoreGraphics

extension CKeyDecoder {
    /// Draws the image into an 8-bit grey buffer over white and grades it.
    public static func grade(cgImage image: CGImage) throws -> CKeyPrintGrade {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else {
            throw CKeyError(code: .invalidArgument, message: "image size is \(width) x \(height); both must be positive")
        }
        guard let gray = grayPixels(of: image) else {
            throw CKeyError(code: .imageFormat, message: "the image cannot be drawn as 8-bit grey")
        }
        return try gray.withUnsafeBytes { try grade(gray: $0, width: width, height: height, bytesPerRow: width) }
    }
}
#endif
