// Apple-only entry points: thin adaptors over the pixel-buffer API.
// Written for iOS/macOS; on Linux they are syntax-checked only.
#if canImport(CoreGraphics)
import CoreGraphics
import Foundation

extension CKeyDecoder {
    /// Draws the image into an 8-bit grey buffer over white and decodes it.
    /// Returns nil when no symbol is found or the image cannot be drawn.
    public static func decode(cgImage image: CGImage) -> CKeyResult? {
        guard let gray = grayPixels(of: image) else { return nil }
        return gray.withUnsafeBytes {
            try? decode(pixels: $0, width: image.width, height: image.height, bytesPerRow: image.width, format: .gray8)
        } ?? nil
    }

    /// The image drawn over white into 8-bit grey, rows of `image.width`
    /// bytes; nil when it is empty or cannot be drawn.
    package static func grayPixels(of image: CGImage) -> [UInt8]? {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return nil }
        var gray = [UInt8](repeating: 255, count: width * height)
        let drawn: Bool = gray.withUnsafeMutableBytes { raw in
            guard let context = CGContext(data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8,
                                          bytesPerRow: width, space: CGColorSpaceCreateDeviceGray(),
                                          bitmapInfo: CGImageAlphaInfo.none.rawValue) else { return false }
            context.setFillColor(gray: 1, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
            context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
            return true
        }
        return drawn ? gray : nil
    }
}
#endif

#if canImport(CoreVideo)
import CoreVideo

extension CKeyDecoder {
    /// Decodes a camera frame: 420v/420f (luma plane), 8-bit grey, or
    /// BGRA/RGBA/ARGB. Returns nil for other formats or when nothing is found.
    public static func decode(pixelBuffer buffer: CVPixelBuffer) -> CKeyResult? {
        withPixels(of: buffer) { pixels, width, height, stride, format in
            try? decode(pixels: pixels, width: width, height: height, bytesPerRow: stride, format: format)
        } ?? nil
    }

    /// Calls body with the buffer's pixels (the luma plane of a planar
    /// format), its size, row stride and format, locked for reading; nil
    /// when CKey does not read its format (`CKeyPixelFormat(coreVideoPixelFormat:)`).
    package static func withPixels<T>(of buffer: CVPixelBuffer,
                                      _ body: (UnsafeRawBufferPointer, Int, Int, Int, CKeyPixelFormat) -> T) -> T? {
        guard let format = CKeyPixelFormat(coreVideoPixelFormat: CVPixelBufferGetPixelFormatType(buffer)) else {
            return nil
        }
        CVPixelBufferLockBaseAddress(buffer, .readOnly)
        defer { CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
        let planar = CVPixelBufferIsPlanar(buffer)
        guard let base = planar ? CVPixelBufferGetBaseAddressOfPlane(buffer, 0) : CVPixelBufferGetBaseAddress(buffer) else {
            return nil
        }
        let width = planar ? CVPixelBufferGetWidthOfPlane(buffer, 0) : CVPixelBufferGetWidth(buffer)
        let height = planar ? CVPixelBufferGetHeightOfPlane(buffer, 0) : CVPixelBufferGetHeight(buffer)
        let stride = planar ? CVPixelBufferGetBytesPerRowOfPlane(buffer, 0) : CVPixelBufferGetBytesPerRow(buffer)
        return body(UnsafeRawBufferPointer(start: base, count: stride * height), width, height, stride, format)
    }
}
#endif
