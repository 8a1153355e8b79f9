#if canImport(CoreGraphics)
import CoreGraphics
import Foundation

extension CKeySymbol {
    /// The symbol as a `CGImage` at `size` px, built on `pixels(size:...)`:
    /// sRGB, 8 bits per channel, straight (non-premultiplied) alpha.
    public func cgImage(size: Int, policy: CKeyRasterPolicy = .coverage, transparent: Bool = false,
                        style: CKeyStyle = .plain) throws -> CGImage {
        let pixels = try self.pixels(size: size, policy: policy, transparent: transparent, style: style)
        let alpha: CGImageAlphaInfo = transparent ? .last : .noneSkipLast
        guard let provider = CGDataProvider(data: pixels.data as CFData),
              let space = CGColorSpace(name: CGColorSpace.sRGB),
              let image = CGImage(width: pixels.width, height: pixels.height, bitsPerComponent: 8, bitsPerPixel: 32,
                                  bytesPerRow: pixels.bytesPerRow, space: space,
                                  bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue),
                                  provider: provider, decode: nil, shouldInterpolate: false,
                                  intent: .defaultIntent)
        else { throw CKeyError(code: .internal, message: "CoreGraphics could not wrap \(size) x \(size) RGBA pixels") }
        return image
    }
}
#endif
