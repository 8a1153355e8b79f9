// The one mapping from CoreVideo pixel format codes to CKeyPixelFormat. It
// needs no Apple framework, so Linux tests it with the real codes; the
// Apple-only adaptors (CKeyDecoder+Apple.swift, CKeyCameraScanner.swift)
// only read a buffer's base address, size and code, and call this.

extension CKeyPixelFormat {
    /// The layout of a `CVPixelBuffer` whose `CVPixelBufferGetPixelFormatType`
    /// is `code` (an OSType), or nil for a format CKey does not read. The
    /// 32-bit formats are read as premultiplied, as CoreVideo and
    /// CoreGraphics fill them; a camera frame is opaque, which reads the same
    /// either way. A planar 4:2:0 format is read from its luma plane.
    public init?(coreVideoPixelFormat code: UInt32) {
        switch code {
        case 0x3432_3076: self = .nv12VideoRange  // '420v', kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange
        case 0x3432_3066: self = .nv12FullRange  // '420f', kCVPixelFormatType_420YpCbCr8BiPlanarFullRange
        case 0x4C30_3038: self = .gray8  // 'L008', kCVPixelFormatType_OneComponent8
        case 0x4247_5241: self = .bgra8Premultiplied  // 'BGRA', kCVPixelFormatType_32BGRA
        case 0x5247_4241: self = .rgba8Premultiplied  // 'RGBA', kCVPixelFormatType_32RGBA
        case 0x0000_0020: self = .argb8Premultiplied  // kCVPixelFormatType_32ARGB (32)
        default: return nil
        }
    }
}
