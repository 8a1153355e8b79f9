internal import CKeyCodec
import Foundation

/// A verified cross-device Safe Action waiting for the user. It shows the
/// verified issuer and who is asking; it runs only if `confirm()` is called
/// (the `CKeySafeActionPrompt` view's approve button does). Declining is the
/// default: a request that is dropped, declined or expired never runs.
public final class CKeySafeActionRequest: @unchecked Sendable, Identifiable {
    public enum State: Sendable, Equatable { case pending, confirmed, declined, expired }

    /// The verified action (issuer, name, parameters, request ID).
    public let action: CKeySafeActions.Action
    /// Who is asking, as the issuer's request-info reply describes it.
    public let requester: String
    /// Where the request came from, if the issuer said.
    public let location: String?
    public var id: String { action.nonce }
    public var issuer: String { action.issuer }

    private let lock = NSLock()
    private var current: State = .pending
    private let clock: @Sendable () -> Date
    private let handler: CKeySafeActions.Handler

    init(action: CKeySafeActions.Action, requester: String, location: String?, clock: @escaping @Sendable () -> Date,
         handler: @escaping CKeySafeActions.Handler) {
        self.action = action
        self.requester = requester
        self.location = location
        self.clock = clock
        self.handler = handler
    }

    public var state: State { lock.safeActionsLocked { current } }

    /// Runs the action's handler once. Returns false (and runs nothing) if the
    /// request was already confirmed or declined, or the code has expired
    /// (its `exp` plus the 60 s skew).
    @discardableResult
    public func confirm() async -> Bool {
        let run: Bool = lock.safeActionsLocked {
            guard current == .pending else { return false }
            // The core's expiry rule, the one verification applied.
            var reason: Int32 = 0
            let now = Int64(clock().timeIntervalSince1970.rounded(.down))
            let expires = Int64(action.expires.timeIntervalSince1970.rounded(.down))
            if ckey_action_check_expiry(expires, now, &reason) != CKEY_OK {
                current = .expired
                return false
            }
            current = .confirmed
            return true
        }
        if run { await handler(action) }
        return run
    }

    /// Declines; a later `confirm()` does nothing.
    public func decline() {
        lock.safeActionsLocked { if current == .pending { current = .declined } }
    }
}
