import CKey
import Foundation
import XCTest

/// spec/vectors/safe-actions.json through CKeySafeActions (the C++ suite reads
/// the same file: Tests/core/test_actions_vectors.cpp), plus the Swift-only
/// rules: handlers run once, cross-device actions only through confirm(),
/// request-info transport outcomes, setup that fails closed, and concurrency.
final class SafeActionsTests: XCTestCase {
    struct VectorFile: Decodable {
        struct Key: Decodable {
            let issuer: String
            let key_id: String
            let public_key_hex: String
            let request_info: String?
        }
        struct Registration: Decodable {
            let name: String
            let issuers: [String]
            let scope: String
        }
        struct Case: Decodable {
            let name: String
            let code: String
            let expect: String
            let before: [String]?
        }
        struct Reply: Decodable {
            let kind: String
            let status: Int?
            let body: String?
            let body_hex: String?  // bytes that are not UTF-8
            let location: String?
        }
        struct FetchCase: Decodable {
            let name: String
            let code: String
            let url: String
            let reply: Reply
            let expect: String
            let requester: String?
            let location: String?
        }
        let app_id: String
        let now: Int
        let keys: [Key]
        let actions: [Registration]
        let cases: [Case]
        let request_info_cases: [FetchCase]
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let vectors: VectorFile = {
        let url = root.appendingPathComponent("spec/vectors/safe-actions.json")
        return try! JSONDecoder().decode(VectorFile.self, from: Data(contentsOf: url))
    }()

    /// A fetcher that replays a scripted reply and records what it was asked.
    final class FakeFetcher: CKeyRequestInfoFetching, @unchecked Sendable {
        let reply: VectorFile.Reply?
        private let lock = NSLock()
        private(set) var urls: [URL] = []

        init(_ reply: VectorFile.Reply?) { self.reply = reply }

        private func record(_ url: URL) { lock.lock(); urls.append(url); lock.unlock() }

        func fetch(_ url: URL, allowRedirect: @escaping @Sendable (URL) -> Bool, timeout: TimeInterval,
                   maxBytes: Int) async -> CKeyRequestInfoReply {
            record(url)
            guard let reply else {
                // Default: a valid reply for whatever request ID was asked for.
                let rid = url.lastPathComponent
                return .body(status: 200, data: Data("{\"request_id\":\"\(rid)\",\"requester\":\"Test\"}".utf8))
            }
            switch reply.kind {
            case "failure": return .failure("connection refused")
            case "timeout": return .timeout
            case "redirect":
                let target = URL(string: reply.location!)!
                return allowRedirect(target) ? .failure("redirect allowed; not scripted") : .redirectRefused(target)
            default:
                let data = reply.body_hex.map { VectorTests.bytes(hex: $0) } ?? Data(reply.body!.utf8)
                return .body(status: reply.status ?? 200, data: data)
            }
        }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        func add(_ name: String) { lock.lock(); names.append(name); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return names }
    }

    static func make(fetcher: FakeFetcher = FakeFetcher(nil), counter: Counter = Counter(),
                     now: Int = vectors.now) -> CKeySafeActions {
        let file = vectors
        let actions = CKeySafeActions(appID: file.app_id, clock: { Date(timeIntervalSince1970: TimeInterval(now)) },
                                      fetcher: fetcher)
        for key in file.keys {
            actions.trust(issuer: key.issuer, keyID: key.key_id, publicKeyHex: key.public_key_hex, requestInfo: key.request_info)
        }
        for registration in file.actions {
            actions.register(registration.name, issuers: registration.issuers,
                             scope: registration.scope == "crossDevice" ? .crossDevice : .sameDevice) { action in
                counter.add(action.name)
            }
        }
        return actions
    }

    static func name(of outcome: CKeySafeActions.Outcome) -> String {
        switch outcome {
        case .notASafeAction: return "not_a_safe_action"
        case .performed, .needsConfirmation: return "verified"
        case .rejected(let rejection): return rejection.reason.name
        }
    }

    func testVectorFileHasTheNegativeMatrix() {
        let negative = Self.vectors.cases.filter { !["verified", "not_a_safe_action"].contains($0.expect) }
        XCTAssertGreaterThanOrEqual(negative.count, 30)
        XCTAssertGreaterThanOrEqual(Set(negative.map(\.expect)).count, 30)
    }

    func testEveryVectorCase() async {
        for vector in Self.vectors.cases {
            let counter = Counter()
            let actions = Self.make(counter: counter)
            XCTAssertNil(actions.configurationError)
            for earlier in vector.before ?? [] {
                let outcome = await actions.handle(earlier)
                XCTAssertEqual(Self.name(of: outcome), "verified", vector.name)
            }
            let outcome = await actions.handle(vector.code)
            XCTAssertEqual(Self.name(of: outcome), vector.expect, "\(vector.name): \(outcome)")
            if vector.expect != "verified" && vector.before == nil {
                XCTAssertEqual(counter.all, [], "\(vector.name): nothing runs")
            }
        }
    }

    func testRequestInfoVectors() async {
        for vector in Self.vectors.request_info_cases {
            let fetcher = FakeFetcher(vector.reply)
            let counter = Counter()
            let actions = Self.make(fetcher: fetcher, counter: counter)
            let outcome = await actions.handle(vector.code)
            XCTAssertEqual(Self.name(of: outcome), vector.expect, "\(vector.name): \(outcome)")
            XCTAssertEqual(fetcher.urls.map(\.absoluteString), [vector.url], vector.name)
            if case .needsConfirmation(let request) = outcome {
                XCTAssertEqual(request.requester, vector.requester, vector.name)
                XCTAssertEqual(request.location, vector.location, vector.name)
            }
            XCTAssertEqual(counter.all, [], "\(vector.name): a cross-device action never runs by itself")
        }
    }

    func testSameDeviceRunsOnceAndCrossDeviceOnlyOnConfirm() async {
        let counter = Counter()
        let actions = Self.make(counter: counter)
        let same = Self.vectors.cases.first { $0.name == "same-device action" }!.code
        let cross = Self.vectors.cases.first { $0.name == "cross-device action" }!.code
        guard case .performed = await actions.handle(same) else { return XCTFail("same-device did not run") }
        XCTAssertEqual(counter.all, ["open.library"])
        guard case .rejected(let again) = await actions.handle(same) else { return XCTFail("replay accepted") }
        XCTAssertEqual(again.reason, .replayed)
        guard case .needsConfirmation(let request) = await actions.handle(cross) else { return XCTFail("no request") }
        XCTAssertEqual(request.issuer, "citeory.com")
        XCTAssertEqual(request.action.requestID, "req_7Hq2-x")
        XCTAssertEqual(request.state, .pending)
        XCTAssertEqual(counter.all, ["open.library"], "nothing runs before confirm")
        let confirmed = await request.confirm()
        XCTAssertTrue(confirmed)
        let twice = await request.confirm()
        XCTAssertFalse(twice)
        XCTAssertEqual(counter.all, ["open.library", "signin.request"])
        XCTAssertEqual(request.state, .confirmed)
    }

    func testDeclineAndExpiryPreventConfirm() async {
        let cross = Self.vectors.cases.first { $0.name == "cross-device action" }!.code
        let counter = Counter()
        guard case .needsConfirmation(let declined) = await Self.make(counter: counter).handle(cross) else {
            return XCTFail("no request")
        }
        declined.decline()
        let ran = await declined.confirm()
        XCTAssertFalse(ran)
        XCTAssertEqual(declined.state, .declined)

        // A clock that moves past exp + skew between scan and confirm.
        let clock = MovingClock(Self.vectors.now)
        let actions = CKeySafeActions(appID: Self.vectors.app_id, clock: { clock.date }, fetcher: FakeFetcher(nil))
        for key in Self.vectors.keys {
            actions.trust(issuer: key.issuer, keyID: key.key_id, publicKeyHex: key.public_key_hex, requestInfo: key.request_info)
        }
        actions.register("signin.request", issuers: ["citeory.com"], scope: .crossDevice) { action in counter.add(action.name) }
        guard case .needsConfirmation(let late) = await actions.handle(cross) else { return XCTFail("no request") }
        clock.seconds = Int(late.action.expires.timeIntervalSince1970) + 60
        let lateRan = await late.confirm()
        XCTAssertFalse(lateRan)
        XCTAssertEqual(late.state, .expired)
        XCTAssertEqual(counter.all, [])
    }

    /// Spec 5.4: a verified code, a full seen-set, one code while the clock is
    /// 1000 s ahead (the set drops every entry that has expired by then), and
    /// the clock set back. The first code must not run again.
    func testClockSetBackCannotReplayADroppedCode() async throws {
        let key = try CKeySafeActionIssuer.makeKey()
        let now = Self.vectors.now
        func code(_ nonce: String, at iat: Int) throws -> String {
            try CKeySafeActionIssuer.sign(claimsJSON: """
                {"iss":"citeory.com","kid":"\(key.derivedKeyID)","app":"com.viadere","act":"open.library",\
                "scope":"sameDevice","iat":\(iat),"nbf":\(iat),"exp":\(iat + 300),"nonce":"\(nonce)"}
                """, privateKeyPEM: key.privateKeyPEM)
        }
        let clock = MovingClock(now)
        let counter = Counter()
        let actions = CKeySafeActions(appID: "com.viadere", clock: { clock.date })
            .trust(issuer: "citeory.com", keyID: key.derivedKeyID, publicKeyHex: key.publicKeyHex)
            .register("open.library", issuers: ["citeory.com"]) { action in counter.add(action.nonce) }
        let first = try code("first-nonce-0000001", at: now)
        guard case .performed = await actions.handle(first) else { return XCTFail("first code refused") }
        for index in 1..<4096 {
            guard case .performed = await actions.handle(try code("filler-nonce-\(10000 + index)", at: now)) else {
                return XCTFail("filler \(index) refused")
            }
        }
        clock.seconds = now + 1000
        guard case .performed = await actions.handle(try code("jump-nonce-00000001", at: now + 1000)) else {
            return XCTFail("code after the jump refused")
        }
        clock.seconds = now
        guard case .rejected(let rejection) = await actions.handle(first) else { return XCTFail("replayed after the purge") }
        XCTAssertEqual(rejection.reason, .replayForgotten)
        XCTAssertEqual(counter.all.filter { $0 == "first-nonce-0000001" }.count, 1)
    }

    final class MovingClock: @unchecked Sendable {
        var seconds: Int
        init(_ seconds: Int) { self.seconds = seconds }
        var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
    }

    func testBadSetupFailsClosedButLeavesPlainPayloadsAlone() async {
        let actions = CKeySafeActions(appID: "com.viadere")
            .trust(issuer: "citeory.com", keyID: "2026-11", publicKeyHex: "not hex")
            .register("open.library", issuers: ["citeory.com"]) { _ in XCTFail("must not run") }
        XCTAssertEqual(actions.configurationError?.reason, .configuration)
        XCTAssertTrue(actions.configurationError?.message.contains("64 hex") ?? false)
        let same = Self.vectors.cases.first { $0.name == "same-device action" }!.code
        guard case .rejected(let rejection) = await actions.handle(same) else { return XCTFail("ran with a bad setup") }
        XCTAssertEqual(rejection.reason, .configuration)
        guard case .notASafeAction = await actions.handle("https://citeory.com/item/42") else {
            return XCTFail("plain text must stay plain")
        }
        let insecure = CKeySafeActions(appID: "com.viadere").trust(
            issuer: "citeory.com", keyID: "k", publicKeyHex: Self.vectors.keys[0].public_key_hex,
            requestInfo: "http://citeory.com/{request_id}")
        XCTAssertEqual(insecure.configurationError?.reason, .configuration)
        XCTAssertEqual(CKeySafeActions(appID: "bad app").configurationError?.reason, .configuration)
    }

    func testConcurrentScansOfOneCodeRunItOnce() async {
        let counter = Counter()
        let actions = Self.make(counter: counter)
        let same = Self.vectors.cases.first { $0.name == "same-device action" }!.code
        let names = await withTaskGroup(of: String.self) { group -> [String] in
            for _ in 0..<16 { group.addTask { Self.name(of: await actions.handle(same)) } }
            var all: [String] = []
            for await name in group { all.append(name) }
            return all
        }
        XCTAssertEqual(names.filter { $0 == "verified" }.count, 1)
        XCTAssertEqual(names.filter { $0 == "replayed" }.count, 15)
        XCTAssertEqual(counter.all, ["open.library"])
    }

    func testVerifiedFieldsReachTheHandler() async {
        let box = ActionBox()
        let file = Self.vectors
        let actions = CKeySafeActions(appID: file.app_id, clock: { Date(timeIntervalSince1970: TimeInterval(file.now)) })
            .trust(issuer: file.keys[0].issuer, keyID: file.keys[0].key_id, publicKeyHex: file.keys[0].public_key_hex)
            .register("open.library", issuers: ["citeory.com"]) { action in box.action = action }
        let unicode = file.cases.first { $0.name == "non-ASCII params, escaped and raw" }!.code
        guard case .performed = await actions.handle(unicode) else { return XCTFail("not performed") }
        XCTAssertEqual(box.action?.paramsText, "Bücher été 📚")
        XCTAssertEqual(box.action?.issuer, "citeory.com")
        XCTAssertEqual(box.action?.scope, .sameDevice)
        XCTAssertNil(box.action?.requestID)
    }

    final class ActionBox: @unchecked Sendable { var action: CKeySafeActions.Action? }

    func testIssuerToolsRoundTrip() async throws {
        let key = try CKeySafeActionIssuer.makeKey()
        XCTAssertTrue(key.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        XCTAssertEqual(try CKeySafeActionIssuer.key(privateKeyPEM: key.privateKeyPEM), key)
        let now = 1_800_000_000
        let claims = """
            {"iss":"citeory.com","kid":"\(key.derivedKeyID)","app":"com.viadere","act":"open.library",\
            "scope":"sameDevice","iat":\(now),"nbf":\(now),"exp":\(now + 60),"nonce":"\(CKeySafeActionIssuer.makeNonce())"}
            """
        let code = try CKeySafeActionIssuer.sign(claimsJSON: claims, privateKeyPEM: key.privateKeyPEM)
        let counter = Counter()
        let actions = CKeySafeActions(appID: "com.viadere", clock: { Date(timeIntervalSince1970: TimeInterval(now)) })
            .trust(issuer: "citeory.com", keyID: key.derivedKeyID, publicKeyHex: key.publicKeyHex)
            .register("open.library", issuers: ["citeory.com"]) { action in counter.add(action.name) }
        guard case .performed = await actions.handle(code) else { return XCTFail("issuer-signed code refused") }
        XCTAssertThrowsError(try CKeySafeActionIssuer.sign(claimsJSON: "{}", privateKeyPEM: key.privateKeyPEM)) { error in
            XCTAssertEqual((error as? CKeyError)?.code, .invalidParameter)
        }
    }

    func testReasonNamesMatchTheCore() {
        XCTAssertEqual(CKeySafeActions.Reason.badSignature.name, "bad_signature")
        XCTAssertEqual(CKeySafeActions.Reason.requestInfoRedirect.name, "request_info_redirect")
        XCTAssertEqual(CKeySafeActions.Reason.configuration.name, "configuration")
        XCTAssertFalse(CKeySafeActions.Reason.allCases.map(\.name).contains("unknown"))
        for reason in CKeySafeActions.Reason.allCases {
            let swiftName = String(describing: reason).lowercased()
            XCTAssertEqual(reason.name.replacingOccurrences(of: "_", with: ""), swiftName, "\(reason.rawValue)")
        }
        XCTAssertEqual(CKeySafeActions.Reason.allCases.count, 47)  // 2...48: all but verified and not_a_safe_action
    }
}
