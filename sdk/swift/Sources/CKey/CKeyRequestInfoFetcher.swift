import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a request-info fetch produced. The policy (which URL, which
/// redirects, what the body means) is the core's; a fetcher only moves bytes.
public enum CKeyRequestInfoReply: Sendable, Equatable {
    /// A final HTTP response with its body (at most `maxBytes`).
    case body(status: Int, data: Data)
    /// The body grew past `maxBytes`; the transfer was cancelled.
    case tooLarge
    /// No answer within the timeout.
    case timeout
    /// A redirect that `allowRedirect` refused.
    case redirectRefused(URL)
    /// A transport error (connection refused, TLS failure, ...).
    case failure(String)
}

/// The HTTPS client behind request-info fetches. Tests drive a fake one; the
/// default is `CKeyURLSessionFetcher`.
public protocol CKeyRequestInfoFetching: Sendable {
    /// Fetches url with GET. Must ask allowRedirect before following any
    /// redirect, stop at timeout seconds and never hold more than maxBytes.
    func fetch(_ url: URL, allowRedirect: @escaping @Sendable (URL) -> Bool, timeout: TimeInterval,
               maxBytes: Int) async -> CKeyRequestInfoReply
}

/// URLSession: an ephemeral session per fetch, no cookies, no cache, no
/// credentials. On Linux, FoundationNetworking uses libcurl and the system
/// CA store; `URLSessionCertificateAuthorityInfoFile` in the environment
/// names another CA bundle (the loopback tests use it).
public struct CKeyURLSessionFetcher: CKeyRequestInfoFetching {
    /// Overrides the timeout (seconds) for every fetch; nil uses the caller's (5 s).
    public var timeout: TimeInterval?

    public init(timeout: TimeInterval? = nil) { self.timeout = timeout }

    public func fetch(_ url: URL, allowRedirect: @escaping @Sendable (URL) -> Bool, timeout: TimeInterval,
                      maxBytes: Int) async -> CKeyRequestInfoReply {
        let limit = self.timeout ?? timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = limit
        configuration.timeoutIntervalForResource = limit
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let delegate = FetchDelegate(maxBytes: maxBytes, allowRedirect: allowRedirect)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: limit)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let reply = await withCheckedContinuation { continuation in
            delegate.start(session.dataTask(with: request), continuation: continuation)
        }
        session.invalidateAndCancel()
        return reply
    }
}

private final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let maxBytes: Int
    private let allowRedirect: @Sendable (URL) -> Bool
    private var data = Data()
    private var verdict: CKeyRequestInfoReply?
    private var continuation: CheckedContinuation<CKeyRequestInfoReply, Never>?

    init(maxBytes: Int, allowRedirect: @escaping @Sendable (URL) -> Bool) {
        self.maxBytes = maxBytes
        self.allowRedirect = allowRedirect
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<CKeyRequestInfoReply, Never>) {
        lock.safeActionsLocked { self.continuation = continuation }
        task.resume()
    }

    private func finish(_ reply: CKeyRequestInfoReply) {
        let waiting: CheckedContinuation<CKeyRequestInfoReply, Never>? = lock.safeActionsLocked {
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: reply)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        guard let target = request.url, allowRedirect(target) else {
            lock.safeActionsLocked { verdict = .redirectRefused(request.url ?? response.url ?? URL(fileURLWithPath: "/")) }
            completionHandler(nil)
            task.cancel()
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
        let over: Bool = lock.safeActionsLocked {
            guard verdict == nil else { return false }
            data.append(chunk)
            if data.count > maxBytes {
                verdict = .tooLarge
                data = Data()
                return true
            }
            return false
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let reply: CKeyRequestInfoReply = lock.safeActionsLocked {
            if let verdict { return verdict }
            if let error {
                let code = (error as NSError).code
                if code == NSURLErrorTimedOut { return .timeout }
                return .failure(error.localizedDescription)
            }
            let status = (task.response as? HTTPURLResponse)?.statusCode ?? 0
            return .body(status: status, data: data)
        }
        finish(reply)
    }
}
