internal import CKeyCodec
internal import CKeyTelemetry
import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// Sends due batches: one HTTPS POST per batch through an ephemeral,
/// cookie-less URLSession whose delegate refuses redirects, on a private
/// utility queue (never the scan queue). The core decides when a batch is
/// due and what a response means; this class only carries bytes.
final class TelemetrySender: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    static let endpoint = URL(string: "https://openckey.org/api/telemetry/v1/batch")!

    weak var recorder: TelemetryRecorder?
    /// Tests: every finished attempt's HTTP status (0 = no response), on the private queue.
    var onAttempt: ((Int) -> Void)?

    private let endpoint: URL
    private let queue = DispatchQueue(label: "org.openckey.telemetry", qos: .utility)
    private var session: URLSession?
    private var timer: DispatchSourceTimer?
    private var sending = false
    private var observers: [NSObjectProtocol] = []

    init(endpoint: URL) {
        self.endpoint = endpoint
        super.init()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 900, repeating: 900)  // every 15 minutes
        timer.setEventHandler { [weak self] in self?.poll() }
        timer.resume()
        self.timer = timer
        #if os(iOS)
        observers.append(NotificationCenter.default.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil) { [weak self] _ in
            ProcessInfo.processInfo.performExpiringActivity(withReason: "CKey telemetry") { expired in
                if !expired { self?.queue.sync { self?.poll() } }
            }
        })
        #elseif os(macOS)
        observers.append(NotificationCenter.default.addObserver(
            forName: NSApplication.didResignActiveNotification, object: nil, queue: nil) { [weak self] _ in
            self?.check()
        })
        #endif
    }

    func shutDown() {
        timer?.cancel()
        observers.forEach(NotificationCenter.default.removeObserver)
        session?.invalidateAndCancel()
    }

    /// Polls the core on the private queue and sends a batch when one is due.
    func check() { queue.async { [weak self] in self?.poll() } }

    private func makeSession() -> URLSession {
        if let session { return session }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 30
        configuration.timeoutIntervalForResource = 60
        let delegateQueue = OperationQueue()
        delegateQueue.underlyingQueue = queue
        delegateQueue.maxConcurrentOperationCount = 1
        let made = URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
        session = made
        return made
    }

    private func poll() {
        guard let recorder, !sending else { return }
        var due: Int32 = 0
        guard ckey_telemetry_poll(recorder.handle, &due) == CKEY_OK, due == 1 else { return }
        var json: UnsafeMutablePointer<CChar>?
        var length = 0
        var id: UInt64 = 0
        guard ckey_telemetry_take_batch(recorder.handle, &json, &length, &id) == CKEY_OK, let json else { return }
        let body = Data(bytes: json, count: length)
        ckey_free(json)
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.httpBody = body
        request.httpShouldHandleCookies = false
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        sending = true
        let batch = id
        makeSession().dataTask(with: request) { [weak self] _, response, _ in
            // On the private queue (the session's delegate queue).
            guard let self else { return }
            let http = response as? HTTPURLResponse
            let status = http?.statusCode ?? 0
            // Seconds or an HTTP-date: the core reads either on the recorder's clock.
            let retryAfter = http?.value(forHTTPHeaderField: "Retry-After")
            if let recorder = self.recorder {
                ckey_telemetry_report_answer(recorder.handle, batch, Int32(clamping: status), retryAfter)
            }
            self.sending = false
            self.onAttempt?(status)
        }.resume()
    }

    // Redirects are never followed: the 3xx answer is the attempt's result.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
