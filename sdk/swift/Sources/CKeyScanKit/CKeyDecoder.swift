internal import CKeyCodec
import Foundation

/// Pixel layouts `CKeyDecoder` reads. Colour is drawn over white first, so
/// transparent pixels read as white.
public enum CKeyPixelFormat: Int32, Sendable, CaseIterable {
    case gray8 = 0
    case rgba8 = 1
    case bgra8 = 2
    case argb8 = 3
    case rgba8Premultiplied = 4
    case bgra8Premultiplied = 5
    case argb8Premultiplied = 6
    /// 420v: the luma plane, video range 16...235.
    case nv12VideoRange = 7
    /// 420f: the luma plane, full range.
    case nv12FullRange = 8

    /// 1 for gray and the NV12 luma plane, 4 otherwise (the core's table).
    public var bytesPerPixel: Int {
        var bytes: Int32 = 0
        // Every case is a format the core knows, so this cannot fail.
        _ = ckey_image_bytes_per_pixel(rawValue, &bytes)
        return Int(bytes)
    }
}

/// Headless decoding, from any thread. Each call borrows a core decoder from
/// a small pool, so concurrent calls never share scratch memory.
public enum CKeyDecoder {
    /// The first valid symbol in a pixel buffer, or nil when there is none.
    /// Throws for a malformed buffer (bad size, stride or format).
    public static func decode(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                              format: CKeyPixelFormat, thorough: Bool = false) throws -> CKeyResult? {
        try scan(pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, format: format,
                 flags: thorough ? CKEY_SCAN_THOROUGH : 0).first
    }

    /// Every distinct symbol in a pixel buffer.
    public static func decodeAll(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                                 format: CKeyPixelFormat, thorough: Bool = false) throws -> [CKeyResult] {
        try scan(pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, format: format,
                 flags: CKEY_SCAN_ALL | (thorough ? CKEY_SCAN_THOROUGH : 0))
    }

    /// `Data` convenience for `decode(pixels:...)`.
    public static func decode(pixels: Data, width: Int, height: Int, bytesPerRow: Int,
                              format: CKeyPixelFormat, thorough: Bool = false) throws -> CKeyResult? {
        try pixels.withUnsafeBytes {
            try decode(pixels: $0, width: width, height: height, bytesPerRow: bytesPerRow, format: format,
                       thorough: thorough)
        }
    }

    /// `Data` convenience for `decodeAll(pixels:...)`.
    public static func decodeAll(pixels: Data, width: Int, height: Int, bytesPerRow: Int,
                                 format: CKeyPixelFormat, thorough: Bool = false) throws -> [CKeyResult] {
        try pixels.withUnsafeBytes {
            try decodeAll(pixels: $0, width: width, height: height, bytesPerRow: bytesPerRow, format: format,
                          thorough: thorough)
        }
    }

    /// Reads and decodes a PNG, JPEG (EXIF orientation honoured), PGM or PPM
    /// file. Files are searched thoroughly (small symbols in large images too).
    public static func decode(fileAt url: URL) throws -> CKeyResult? {
        try scanFile(url, flags: CKEY_SCAN_THOROUGH).first
    }

    /// Every distinct symbol in an image file.
    public static func decodeAll(fileAt url: URL) throws -> [CKeyResult] {
        try scanFile(url, flags: CKEY_SCAN_THOROUGH | CKEY_SCAN_ALL)
    }

    /// The first symbol in one image read from standard input (PNG, JPEG,
    /// PGM or PPM), streamed as it arrives: `cat a.png | ckey decode -`.
    public static func decodeFromStandardInput() throws -> CKeyResult? {
        try scanPath("-", flags: CKEY_SCAN_THOROUGH).first
    }

    /// Every distinct symbol in one image read from standard input.
    public static func decodeAllFromStandardInput() throws -> [CKeyResult] {
        try scanPath("-", flags: CKEY_SCAN_THOROUGH | CKEY_SCAN_ALL)
    }

    private static func scan(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                             format: CKeyPixelFormat, flags: Int32) throws -> [CKeyResult] {
        // The core checks sizes, stride and the buffer's length; only what
        // does not fit its C types is refused here.
        guard let width32 = Int32(exactly: width), let height32 = Int32(exactly: height), bytesPerRow >= 0 else {
            throw CKeyError(code: .invalidArgument,
                            message: "image size is \(width) x \(height) with \(bytesPerRow) bytes per row; all must be positive")
        }
        return try DecoderPool.shared.with { decoder in
            var results: OpaquePointer?
            try ckeyCheck(ckey_decoder_scan(decoder, pixels.bindMemory(to: UInt8.self).baseAddress, pixels.count,
                                            width32, height32, bytesPerRow, format.rawValue, flags, &results))
            return try collect(results)
        }
    }

    private static func scanFile(_ url: URL, flags: Int32) throws -> [CKeyResult] {
        // A file URL whose path is "-" is a file named "-", not standard input.
        try scanPath(url.path == "-" ? "./-" : url.path, flags: flags)
    }

    private static func scanPath(_ path: String, flags: Int32) throws -> [CKeyResult] {
        try DecoderPool.shared.with { decoder in
            var results: OpaquePointer?
            try ckeyCheck(ckey_decoder_scan_file(decoder, path, flags, &results))
            return try collect(results)
        }
    }

    private static func collect(_ results: OpaquePointer?) throws -> [CKeyResult] {
        guard let results else { return [] }
        defer { ckey_results_destroy(results) }
        var count = 0
        try ckeyCheck(ckey_results_get_count(results, &count))
        var out: [CKeyResult] = []
        for index in 0..<count {
            out.append(try CKeyResult(coreResults: results, index: index))
        }
        return out
    }
}

/// Core decoders reused across calls; each is used by one thread at a time.
final class DecoderPool: @unchecked Sendable {
    static let shared = DecoderPool()
    private let lock = NSLock()
    private var idle: [OpaquePointer] = []

    func with<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        let decoder = try take()
        defer { give(decoder) }
        return try body(decoder)
    }

    private func take() throws -> OpaquePointer {
        lock.lock()
        if let decoder = idle.popLast() {
            lock.unlock()
            return decoder
        }
        lock.unlock()
        var decoder: OpaquePointer?
        try ckeyCheck(ckey_decoder_create(&decoder))
        guard let decoder else { throw CKeyError(code: .internal, message: "decoder_create returned nothing") }
        return decoder
    }

    private func give(_ decoder: OpaquePointer) {
        lock.lock()
        defer { lock.unlock() }
        if idle.count < 8 { idle.append(decoder) } else { ckey_decoder_destroy(decoder) }
    }
}
