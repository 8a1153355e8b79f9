#if canImport(AVFoundation) && (os(iOS) || os(macOS))
import AVFoundation
import Foundation

/// The live camera as a source of frames for a `CKeyScanSession`: the back
/// camera (or the default one on macOS), frames decoded off the main thread
/// at up to 20 per second, late frames discarded, no still capture. The first
/// valid decode of each session is delivered once to `onResult` on the main
/// queue; call `scanAgain()` for the next one.
///
/// Call `start()`, `stop()` and `scanAgain()` from the main thread. The app's
/// Info.plist needs `NSCameraUsageDescription`. `observer` is told of every
/// session (`CKeyScanner` in `CKey` passes its telemetry recorder; nil
/// records nothing). Options the core refuses do not stop the app: `start()`
/// reports them to `onError` and starts nothing.
open class CKeyCameraScanner: NSObject, AVCaptureVideoDataOutputSampleBufferDelegate, @unchecked Sendable {
    /// The capture session, for `CKeyCameraPreview(session:)`.
    public let session = AVCaptureSession()
    /// Called when the camera is unavailable, access is denied, or the
    /// options were refused.
    public var onError: ((CKeyError) -> Void)?

    public var onResult: ((CKeyResult) -> Void)? {
        get { frames?.onResult }
        set { frames?.onResult = newValue }
    }

    /// The frame-driven session underneath (statistics, session reports);
    /// nil when the options were refused (`setupError` says why).
    public let frames: CKeyScanSession?
    /// Why there is no session: the core refused the options (or ran out of memory).
    public let setupError: CKeyError?
    private let videoQueue = DispatchQueue(label: "org.openckey.camera", qos: .userInitiated)
    private var configured = false

    public init(observer: CKeyScanObserver?, options: CKeyScanSession.Options = CKeyScanSession.Options()) {
        do {
            frames = try CKeyScanSession(options: options, queue: .main, observer: observer)
            setupError = nil
        } catch {
            frames = nil
            setupError = error as? CKeyError ?? CKeyError(code: .internal, message: "\(error)")
        }
        super.init()
    }

    /// Asks for camera access, then runs the camera and begins a session.
    open func start() {
        dispatchPrecondition(condition: .onQueue(.main))
        guard let frames else {
            if let setupError { onError?(setupError) }
            return
        }
        AVCaptureDevice.requestAccess(for: .video) { [weak self] granted in
            DispatchQueue.main.async {
                guard let self else { return }
                guard granted else {
                    self.onError?(CKeyError(code: .invalidConfiguration, message: "camera access was denied"))
                    return
                }
                do { try self.configure() } catch let error as CKeyError {
                    self.onError?(error)
                    return
                } catch {
                    return
                }
                frames.start()
                let session = self.session
                self.videoQueue.async { if !session.isRunning { session.startRunning() } }
            }
        }
    }

    /// Ends the session (it fails without a decode) and stops the camera.
    open func stop() {
        dispatchPrecondition(condition: .onQueue(.main))
        frames?.stop()
        let session = self.session
        videoQueue.async { if session.isRunning { session.stopRunning() } }
    }

    /// Begins a new session on the running camera.
    open func scanAgain() {
        dispatchPrecondition(condition: .onQueue(.main))
        frames?.scanAgain()
    }

    private func configure() throws {
        guard !configured else { return }
        #if os(iOS)
        let device = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back)
            ?? AVCaptureDevice.default(for: .video)
        #else
        let device = AVCaptureDevice.default(for: .video)
        #endif
        guard let device, let input = try? AVCaptureDeviceInput(device: device), session.canAddInput(input) else {
            throw CKeyError(code: .invalidConfiguration, message: "no usable camera")
        }
        let output = AVCaptureVideoDataOutput()
        output.alwaysDiscardsLateVideoFrames = true
        output.videoSettings = [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarFullRange]
        output.setSampleBufferDelegate(self, queue: videoQueue)
        guard session.canAddOutput(output) else {
            throw CKeyError(code: .invalidConfiguration, message: "the camera refused a video output")
        }
        session.beginConfiguration()
        session.sessionPreset = .hd1280x720
        session.addInput(input)
        session.addOutput(output)
        session.commitConfiguration()
        configured = true
    }

    public func captureOutput(_ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer,
                              from connection: AVCaptureConnection) {
        guard let frames, let buffer = CMSampleBufferGetImageBuffer(sampleBuffer) else { return }
        _ = CKeyDecoder.withPixels(of: buffer) { pixels, width, height, stride, format in
            try? frames.submit(pixels: pixels, width: width, height: height, bytesPerRow: stride, format: format)
        }
    }
}
#endif
