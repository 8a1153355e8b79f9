internal import CKeyCodec
import CKeyScanKit
import Foundation

/// Safe Actions (`ckey-action:1:…`): signed codes from a known site for this
/// app. The core (`src/actions/`) verifies every code and decides whether it
/// may run; this class pins keys, keeps handlers and, for cross-device
/// actions, fetches "who is asking" from the issuer. See
/// `spec/CKey-Safe-Actions.md`.
///
///     let actions = CKeySafeActions(appID: "com.viadere")
///         .trust(issuer: "citeory.com", keyID: "2026-11", publicKeyHex: hex,
///                requestInfo: "https://citeory.com/api/ckey/requests/{request_id}")
///         .register("open.library", issuers: ["citeory.com"]) { action in open(action.paramsText) }
///
/// Thread safety: `trust` and `register` are meant for setup; `handle` may be
/// called from any task. Verification is serialised inside (the seen-set
/// changes on every verified code). The seen-set lives in memory, per
/// instance: keep one instance for the app's lifetime.
public final class CKeySafeActions: @unchecked Sendable {
    /// Where an action may be approved.
    public enum Scope: Sendable, Equatable {
        /// Runs at once when scanned on this device.
        case sameDevice
        /// Approves something on another device (a sign-in on a laptop); runs
        /// only through `CKeySafeActionRequest.confirm()`.
        case crossDevice
    }

    public enum Outcome: Sendable {
        /// The text does not claim to be a Safe Action: apply the ordinary payload rules.
        case notASafeAction
        /// A same-device action verified and its handler has run.
        case performed
        /// A cross-device action verified; present the request (its
        /// `CKeySafeActionPrompt`). Nothing runs unless `confirm()` is called.
        case needsConfirmation(CKeySafeActionRequest)
        /// The text claims to be a Safe Action but failed a check. Nothing ran.
        case rejected(Rejection)
    }

    /// The verified content of a Safe Action.
    public struct Action: Sendable, Equatable {
        public let issuer: String
        public let keyID: String
        public let appID: String
        public let name: String
        /// The parameters text (UTF-8, at most 1024 bytes; "" when absent).
        public let paramsText: String
        public let scope: Scope
        public let issuedAt: Date
        public let notBefore: Date
        public let expires: Date
        /// The issuer's request ID (cross-device actions only).
        public let requestID: String?
        public let nonce: String
    }

    /// Why a code was refused: a stable `reason` and a message naming the value.
    public struct Rejection: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: Reason
        public let message: String
        /// The core's message already starts with the reason name.
        public var description: String { message }
    }

    /// Runs on the task that called `handle` (same-device) or `confirm()`
    /// (cross-device); hop to the main actor yourself for UI work.
    public typealias Handler = (Action) async -> Void

    /// The request-info limits (spec section 7).
    public static let requestInfoTimeout: TimeInterval = TimeInterval(CKEY_ACTION_REQUEST_INFO_TIMEOUT_SECONDS)
    public static let requestInfoMaxBytes = Int(CKEY_ACTION_MAX_REQUEST_INFO_BYTES)

    private let lock = NSLock()
    private let verifier: OpaquePointer?
    private var handlers: [String: Handler] = [:]
    private var setupError: Rejection?
    private let clock: @Sendable () -> Date
    private let fetcher: any CKeyRequestInfoFetching

    /// - Parameters:
    ///   - appID: this app's ID as issuers put it in codes, e.g. "com.viadere".
    ///   - clock: the time used for expiry checks (injected for tests).
    ///   - fetcher: the HTTPS client for request info (URLSession by default).
    public init(appID: String, clock: @escaping @Sendable () -> Date = { Date() },
                fetcher: any CKeyRequestInfoFetching = CKeyURLSessionFetcher()) {
        var handle: OpaquePointer?
        let status = ckey_action_verifier_create(appID, &handle)
        verifier = handle
        self.clock = clock
        self.fetcher = fetcher
        if status != CKEY_OK { setupError = Self.configurationRejection() }
    }

    deinit { ckey_action_verifier_destroy(verifier) }

    /// Pins one Ed25519 key of an issuer. A bad value (not 64 hex digits, a
    /// small-order key, a request-info URL that is not https on the issuer's
    /// host) does not throw: every later `handle` of a Safe Action returns
    /// `.rejected(.configuration)` with the message (plain payloads still
    /// return `.notASafeAction`), so a broken setup fails closed.
    @discardableResult
    public func trust(issuer: String, keyID: String, publicKeyHex: String, requestInfo: String? = nil) -> CKeySafeActions {
        lock.safeActionsLocked {
            guard setupError == nil, let verifier else { return }
            if ckey_action_verifier_trust(verifier, issuer, keyID, publicKeyHex, requestInfo) != CKEY_OK {
                setupError = Self.configurationRejection()
            }
        }
        return self
    }

    /// Registers a handler for an action name, from the listed (trusted)
    /// issuers, in one scope. Same-device handlers run inside `handle`;
    /// cross-device handlers run from `CKeySafeActionRequest.confirm()`.
    @discardableResult
    public func register(_ name: String, issuers: [String], scope: Scope = .sameDevice,
                         handler: @escaping Handler) -> CKeySafeActions {
        lock.safeActionsLocked {
            guard setupError == nil, let verifier else { return }
            let status = withCStrings(issuers) { pointers in
                ckey_action_verifier_register(verifier, name, pointers.baseAddress, pointers.count,
                                              scope == .crossDevice ? 1 : 0)
            }
            if status != CKEY_OK { setupError = Self.configurationRejection() } else { handlers[name] = handler }
        }
        return self
    }

    /// The first setup refusal, if any (then every `handle` is rejected).
    public var configurationError: Rejection? { lock.safeActionsLocked { setupError } }

    /// Verifies a scanned text and acts on it as the rules say.
    public func handle(_ text: String) async -> Outcome {
        let verified: Result<(OpaquePointer, Handler)?, Rejection> = lock.safeActionsLocked {
            if let setupError {
                // Plain payloads stay plain; anything claiming to be a Safe Action fails closed.
                var claims: Int32 = 0
                let bytes = Array(text.utf8)
                _ = bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { ckey_action_detect($0.baseAddress, $0.count, &claims) }
                }
                return claims == 0 ? .success(nil) : .failure(setupError)
            }
            guard let verifier else { return .failure(Rejection(reason: .configuration, message: "no verifier")) }
            var action: OpaquePointer?
            var reason: Int32 = 0
            let now = Int64(clock().timeIntervalSince1970.rounded(.down))
            let bytes = Array(text.utf8)
            let status = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    ckey_action_verify(verifier, chars.baseAddress, chars.count, now, &action, &reason)
                }
            }
            if status != CKEY_OK { return .failure(Self.rejection(reason)) }
            guard let action else { return .success(nil) }
            var info = ckey_action_info()
            ckey_action_get_info(action, &info)
            guard let handler = handlers[String(cString: info.name)] else {
                ckey_action_destroy(action)
                return .failure(Rejection(reason: .notRegistered, message: "no handler"))
            }
            return .success((action, handler))
        }
        switch verified {
        case .failure(let rejection): return .rejected(rejection)
        case .success(nil): return .notASafeAction
        case .success(let (handle, handler)?):
            defer { ckey_action_destroy(handle) }
            let action = Self.action(of: handle)
            if action.scope == .sameDevice {
                await handler(action)
                return .performed
            }
            switch await requestInfo(for: handle) {
            case .failure(let rejection): return .rejected(rejection)
            case .success(let (requester, location)):
                return .needsConfirmation(CKeySafeActionRequest(action: action, requester: requester, location: location,
                                                                clock: clock, handler: handler))
            }
        }
    }

    // MARK: - Request info

    private func requestInfo(for handle: OpaquePointer) async -> Result<(String, String?), Rejection> {
        var reason: Int32 = 0
        var urlText: UnsafeMutablePointer<CChar>?
        guard ckey_action_request_info_url(handle, &urlText, &reason) == CKEY_OK, let urlText else {
            return .failure(Self.rejection(reason))
        }
        let text = String(cString: urlText)
        ckey_free(urlText)
        guard let url = URL(string: text) else {
            return .failure(Rejection(reason: .requestInfoFailed, message: "\(text) is not a URL"))
        }
        // The redirect rule is the core's; the closure only asks it.
        let address = UInt(bitPattern: handle)
        let allow: @Sendable (URL) -> Bool = { target in
            var reason: Int32 = 0
            guard let pointer = OpaquePointer(bitPattern: address) else { return false }
            return ckey_action_request_info_check_redirect(pointer, target.absoluteString, &reason) == CKEY_OK
        }
        let reply = await fetcher.fetch(url, allowRedirect: allow, timeout: Self.requestInfoTimeout,
                                        maxBytes: Self.requestInfoMaxBytes)
        switch reply {
        case .failure(let message):
            return .failure(Rejection(reason: .requestInfoFailed, message: "fetching \(text) failed: \(message)"))
        case .timeout:
            return .failure(Rejection(reason: .requestInfoTimeout,
                                      message: "\(text) did not answer within \(Int(Self.requestInfoTimeout)) s"))
        case .tooLarge:
            return .failure(Rejection(reason: .requestInfoTooLarge,
                                      message: "\(text) sent more than \(Self.requestInfoMaxBytes) bytes"))
        case .redirectRefused(let target):
            return .failure(Rejection(reason: .requestInfoRedirect,
                                      message: "\(text) redirected to \(target.absoluteString), off the pinned host"))
        case .body(let status, let data):
            guard status == 200 else {
                return .failure(Rejection(reason: .requestInfoFailed, message: "\(text) answered HTTP \(status)"))
            }
            var requester: UnsafeMutablePointer<CChar>?
            var location: UnsafeMutablePointer<CChar>?
            let parsed = data.withUnsafeBytes { raw in
                ckey_action_request_info_parse(handle, raw.bindMemory(to: CChar.self).baseAddress, data.count,
                                               &requester, &location, &reason)
            }
            guard parsed == CKEY_OK, let requester else { return .failure(Self.rejection(reason)) }
            defer { ckey_free(requester); ckey_free(location) }
            return .success((String(cString: requester), location.map { String(cString: $0) }))
        }
    }

    // MARK: - Core glue

    private static func action(of handle: OpaquePointer) -> Action {
        var info = ckey_action_info()
        ckey_action_get_info(handle, &info)
        let params = info.params.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: info.params_length), as: UTF8.self) } ?? ""
        return Action(issuer: String(cString: info.issuer), keyID: String(cString: info.key_id),
                      appID: String(cString: info.app_id), name: String(cString: info.name), paramsText: params,
                      scope: info.scope == 1 ? .crossDevice : .sameDevice,
                      issuedAt: Date(timeIntervalSince1970: TimeInterval(info.issued_at)),
                      notBefore: Date(timeIntervalSince1970: TimeInterval(info.not_before)),
                      expires: Date(timeIntervalSince1970: TimeInterval(info.expires)),
                      requestID: info.request_id.map { String(cString: $0) }, nonce: String(cString: info.nonce))
    }

    /// Call right after the failing C call, on the same thread.
    private static func rejection(_ reason: Int32) -> Rejection {
        Rejection(reason: Reason(rawValue: reason) ?? .configuration, message: String(cString: ckey_last_error()))
    }

    private static func configurationRejection() -> Rejection {
        Rejection(reason: .configuration, message: String(cString: ckey_last_error()))
    }
}

/// Calls body with a C array of the strings (valid only inside body).
private func withCStrings<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
}

extension NSLock {
    /// `NSLocking.withLock` needs macOS 14 / iOS 17; the package supports 12 / 15.
    func safeActionsLocked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
