internal import CKeyCodec
import CKeyScanKit
import Foundation

/// What a simulated scene stresses (`ckey_camera_category`). `nominal` draws
/// mild values of everything; each other category draws one factor hard and
/// the rest mild; `combo` draws three factors hard at once.
public enum CKeyCameraCategory: Int, CaseIterable, Sendable {
    case nominal = 0
    case small = 1
    case rotation = 2
    case perspective = 3
    case curved = 4
    case shadow = 5
    case glare = 6
    case lighting = 7
    case blur = 8
    case motion = 9
    case noise = 10
    case jpeg = 11
    case lowContrast = 12
    case inverted = 13
    case damage = 14
    case multi = 15
    case combo = 16

    /// The core's name: "curved", "low-contrast", ...
    public var name: String {
        ckey_camera_category_name(Int32(rawValue)).map { String(cString: $0) } ?? ""
    }
}

/// One simulated camera shot (`ckey_camera_scene`): the labels' poses and
/// surfaces, lighting, optics and sensor. A plain value, safe across threads.
///
/// Only a few fields are exposed; every other field (poses, lighting, blur,
/// noise, damage...) is drawn from `seed`, so `(category, seed, severity)`
/// and the textures rebuild a frame byte for byte. Setters store the value
/// as given: `render` range-checks every field and throws a `CKeyError`
/// naming a bad one (docs/camera-simulator.md lists the ranges).
public struct CKeyCameraScene: Sendable {
    var core: ckey_camera_scene

    /// Draws a scene for `category` from `seed`. `severity` 0...1 scales how
    /// hard the category's own factor is (1 = the hardest ranges).
    public init(category: CKeyCameraCategory, seed: UInt64, severity: Double = 1) throws {
        core = ckey_camera_scene()
        try ckeyCheck(ckey_camera_scene_draw(Int32(category.rawValue), seed, severity, &core))
    }

    /// Drives every random draw, sensor noise included.
    public var seed: UInt64 {
        get { core.seed }
        set { core.seed = newValue }
    }

    /// The category the scene was drawn for.
    public var category: CKeyCameraCategory {
        get { CKeyCameraCategory(rawValue: Int(core.category)) ?? .nominal }
        set { core.category = Int32(newValue.rawValue) }
    }

    /// Frame size in pixels (drawn 1280 x 720).
    public var width: Int {
        get { Int(core.width) }
        set { core.width = Int32(clamping: newValue) }
    }

    public var height: Int {
        get { Int(core.height) }
        set { core.height = Int32(clamping: newValue) }
    }

    /// Labels in the frame, 1...4; each is rendered with its own texture.
    public var labelCount: Int {
        get { Int(core.label_count) }
        set { core.label_count = Int32(clamping: newValue) }
    }

    /// Rays per pixel per axis, 1...4 (drawn 3). Cost grows with its square.
    public var supersample: Int {
        get { Int(core.supersample) }
        set { core.supersample = Int32(clamping: newValue) }
    }

    /// 0 = no JPEG, else the quality 1...100 the frame passes through.
    public var jpegQuality: Int {
        get { Int(core.jpeg_quality) }
        set { core.jpeg_quality = Int32(clamping: newValue) }
    }

    /// Each label's width in pixels were it square to the camera
    /// (`labels[i].size_px`), for the first `labelCount` labels. Setting
    /// writes the values to the labels in order; labels past the end of the
    /// array keep their size, and values past the core's 4 labels are unused.
    public var labelSizes: [Double] {
        get {
            withUnsafeBytes(of: core.labels) { raw in
                raw.bindMemory(to: ckey_camera_label.self).prefix(max(0, labelCount)).map(\.size_px)
            }
        }
        set {
            withUnsafeMutableBytes(of: &core.labels) { raw in
                let labels = raw.bindMemory(to: ckey_camera_label.self)
                for (index, size) in zip(labels.indices, newValue) { labels[index].size_px = size }
            }
        }
    }
}

/// An 8-bit grey image, rows packed (`width` bytes each): a label texture
/// (0 = ink, 255 = paper) or a backdrop photograph.
public struct CKeyCameraTexture: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(grayPixels: [UInt8], width: Int, height: Int) {
        pixels = grayPixels
        self.width = width
        self.height = height
    }

    /// A PNG of any colour type (at most 4096 x 4096), turned grey.
    public init(pngData: Data) throws {
        var rgba: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        try pngData.withUnsafeBytes { raw in
            try ckeyCheck(ckey_image_read_png(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &rgba,
                                             &width, &height))
        }
        guard let rgba else { throw CKeyError(code: .internal, message: "PNG decoding returned no pixels") }
        defer { ckey_free(rgba) }
        let count = Int(width) * Int(height) * 4
        self.init(grayPixels: Self.gray(rgba: UnsafeBufferPointer(start: rgba, count: count), width: Int(width),
                                        height: Int(height), bytesPerRow: Int(width) * 4),
                  width: Int(width), height: Int(height))
    }

    /// Rendered symbol pixels, turned grey.
    public init(pixels: CKeyPixels) {
        let gray = pixels.data.withUnsafeBytes { raw in
            Self.gray(rgba: raw.bindMemory(to: UInt8.self), width: pixels.width, height: pixels.height,
                      bytesPerRow: pixels.bytesPerRow)
        }
        self.init(grayPixels: gray, width: pixels.width, height: pixels.height)
    }

    /// RGBA8 to grey luma, Rec. 601 weights (77, 150, 29) / 256. A pixel-format
    /// conversion only: the C API has no RGBA-to-grey call, and the camera
    /// model takes grey. Opaque pixels are expected (alpha is ignored).
    static func gray(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) -> [UInt8] {
        var gray = [UInt8](repeating: 0, count: max(0, width) * max(0, height))
        for y in 0..<max(0, height) {
            let row = y * bytesPerRow
            for x in 0..<max(0, width) {
                let p = row + x * 4
                let luma = 77 * Int(rgba[p]) + 150 * Int(rgba[p + 1]) + 29 * Int(rgba[p + 2])
                gray[y * width + x] = UInt8(luma >> 8)
            }
        }
        return gray
    }

    /// The C call takes no length, so the buffer is checked against the size
    /// here (memory safety only; the core range-checks the sides).
    func checkBuffer(name: String) throws {
        let needed = width > 0 && height > 0 ? Int(Int32(clamping: width)) * Int(Int32(clamping: height)) : 0
        guard pixels.count >= needed else {
            throw CKeyError(code: .invalidArgument,
                            message: "\(name).pixels holds \(pixels.count) bytes; \(width) x \(height) needs \(needed)")
        }
    }
}

/// A rendered frame and where each label landed in it.
public struct CKeyCameraFrame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// 8-bit grey, `height` rows of `width` bytes.
    public let pixels: [UInt8]
    /// Per label: the projected corners of its square (texture top-left,
    /// top-right, bottom-right, bottom-left), in frame pixels (the frame
    /// spans 0...width; its centre is width/2, height/2).
    public let labelCorners: [[CKeyPoint]]
    /// Per label: true when all of it is in view.
    public let labelVisible: [Bool]
}

extension CKeyCameraScene {
    /// Renders the scene: one texture per label (`labels.count` must equal
    /// `labelCount`), over `backdrop` (scaled to cover the frame) or, when
    /// nil, clutter drawn from the seed. The same scene, textures and
    /// backdrop give the same bytes. Throws `CKeyError.invalidArgument`
    /// naming a bad field. Cost: about 50-150 ms for 1280 x 720 at
    /// supersample 3, on the calling thread.
    public func render(labels: [CKeyCameraTexture], backdrop: CKeyCameraTexture? = nil) throws -> CKeyCameraFrame {
        for (index, texture) in labels.enumerated() { try texture.checkBuffer(name: "textures[\(index)]") }
        try backdrop?.checkBuffer(name: "backdrop")
        var scene = core
        var truth = ckey_camera_truth()
        let width = max(0, Int(core.width)), height = max(0, Int(core.height))
        let pixels = try withCoreTextures(labels[...], []) { textures in
            try withBackdrop(backdrop) { backdropPixels in
                // Uninitialized until the core writes it, so a refused size costs no page faults.
                // Never more than the largest frame the core accepts (4096 x 4096): a larger
                // scene is refused by the core's range check, not by a failed allocation.
                try [UInt8](unsafeUninitializedCapacity: min(width * height, 4096 * 4096)) { buffer, initialized in
                    try ckeyCheck(ckey_camera_render(
                        &scene, textures, textures.count, backdropPixels, Int32(clamping: backdrop?.width ?? 0),
                        Int32(clamping: backdrop?.height ?? 0), max(0, backdrop?.width ?? 0), buffer.baseAddress,
                        buffer.count, &truth))
                    initialized = buffer.count
                }
            }
        }
        let count = min(max(0, Int(core.label_count)), Int(CKEY_CAMERA_MAX_LABELS))
        let corners = withUnsafeBytes(of: truth.corners) { raw in
            let points = raw.bindMemory(to: ckey_point.self)
            return (0..<count).map { label in
                (0..<4).map { CKeyPoint(x: Double(points[label * 4 + $0].x), y: Double(points[label * 4 + $0].y)) }
            }
        }
        let visible = withUnsafeBytes(of: truth.visible) { raw in
            raw.bindMemory(to: Int32.self).prefix(count).map { $0 != 0 }
        }
        return CKeyCameraFrame(width: width, height: height, pixels: pixels, labelCorners: corners,
                               labelVisible: visible)
    }

    /// Renders `symbol` in `style` at 8 px per canvas unit (248 px, quiet
    /// margin included) and prints it on every label of the scene.
    public func render(symbol: CKeySymbol, style: CKeyStyle = .plain,
                       backdrop: CKeyCameraTexture? = nil) throws -> CKeyCameraFrame {
        let texture = CKeyCameraTexture(pixels: try symbol.pixels(size: 31 * 8, style: style))
        return try render(labels: Array(repeating: texture, count: max(0, labelCount)), backdrop: backdrop)
    }

    /// Keeps every texture's pixels pinned while `body` runs.
    private func withCoreTextures<R>(_ rest: ArraySlice<CKeyCameraTexture>, _ done: [ckey_camera_texture],
                                     _ body: ([ckey_camera_texture]) throws -> R) throws -> R {
        guard let texture = rest.first else { return try body(done) }
        return try texture.pixels.withUnsafeBufferPointer { buffer in
            let core = ckey_camera_texture(pixels: buffer.baseAddress, width: Int32(clamping: texture.width),
                                           height: Int32(clamping: texture.height),
                                           bytes_per_row: max(0, texture.width))
            return try withCoreTextures(rest.dropFirst(), done + [core], body)
        }
    }

    private func withBackdrop<R>(_ backdrop: CKeyCameraTexture?, _ body: (UnsafePointer<UInt8>?) throws -> R) throws -> R {
        guard let backdrop else { return try body(nil) }
        return try backdrop.pixels.withUnsafeBufferPointer { buffer in
            // A NULL backdrop means "draw clutter" to the core; an empty one is a mistake.
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                throw CKeyError(code: .invalidArgument, message: "backdrop.pixels is empty; pass nil for drawn clutter")
            }
            return try body(base)
        }
    }
}
