import CKey
import Foundation

/// `ckey action keygen|sign|verify`: the issuer's tools and a debugging verifier.
enum ActionCommand {
    static let help = """
        usage: ckey action keygen --out FILE [--force] [--json]
               ckey action sign --key FILE (--claims FILE | claim options) [--json]
               ckey action verify CODE --app ID --issuer DOMAIN --key-id ID --public-key HEX --action NAME [options]

        keygen   writes a new Ed25519 private key (PKCS#8 PEM, mode 0600) and prints
                 its public key hex and a key ID derived from it.
        sign     prints a signed Safe Action (ckey-action:1:...). Claims come from a JSON
                 file ('-' for stdin) or these options:
                   --issuer DOMAIN  --key-id ID (default: the derived key ID)  --app ID
                   --action NAME  --params TEXT  --scope sameDevice|crossDevice
                   --request-id ID (crossDevice)  --nonce N (default: 128 random bits)
                   --iat T (default: now)  --nbf T (default: iat)
                   --exp T | --lifetime SECONDS (default: 300)
        verify   verifies CODE like an app would (trusting one key, registering one
                 action) and prints the outcome. Options:
                   --key-id ID (required)  --request-info URL  --scope sameDevice|crossDevice
                   --now T (Unix seconds; default: the clock)  --timeout SECONDS (request info)
                   --confirm (approve a cross-device request)  --json
                 Exit status: 0 verified, 1 rejected, 3 not a Safe Action.
        """

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let sub = arguments.first else { throw UsageError("missing keygen, sign or verify") }
        switch sub {
        case "keygen": return try keygen(arguments.dropFirst())
        case "sign": return try sign(arguments.dropFirst())
        case "verify": return try verify(arguments.dropFirst())
        case "--help", "-h", "help": print(help); return 0
        default: throw UsageError("unknown action command '\(sub)'; expected keygen, sign or verify")
        }
    }

    // MARK: keygen

    static func keygen(_ arguments: ArraySlice<String>) throws -> Int32 {
        let args = try Arguments(arguments, options: ["out"], flags: ["force", "json", "help"])
        if args.flag("help") { print(help); return 0 }
        guard let path = args.value("out") else { throw UsageError("keygen needs --out FILE for the private key") }
        let key = try CKeySafeActionIssuer.makeKey()
        try writePrivate(key.privateKeyPEM, to: path, force: args.flag("force"))
        if args.flag("json") {
            Output.json(["private_key_file": path, "public_key_hex": key.publicKeyHex, "key_id": key.derivedKeyID])
        } else {
            print("private key: \(path) (mode 0600; keep it secret)")
            print("public key:  \(key.publicKeyHex)")
            print("key ID:      \(key.derivedKeyID)")
        }
        return 0
    }

    /// Creates the file with mode 0600 from the start (O_EXCL unless --force),
    /// so the key is never readable by others, even briefly.
    static func writePrivate(_ text: String, to path: String, force: Bool) throws {
        if force { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw CKeyError(code: .ioError, message: "cannot create '\(path)': \(reason)\(errno == EEXIST ? " (use --force to replace it)" : "")")
        }
        defer { close(fd) }
        fchmod(fd, 0o600)
        let bytes = Array(text.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else {
            throw CKeyError(code: .ioError, message: "cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    // MARK: sign

    static func sign(_ arguments: ArraySlice<String>) throws -> Int32 {
        let claimOptions: Set<String> = ["issuer", "key-id", "app", "action", "params", "scope", "request-id", "nonce",
                                         "iat", "nbf", "exp", "lifetime"]
        let args = try Arguments(arguments, options: claimOptions.union(["key", "claims"]), flags: ["json", "help"])
        if args.flag("help") { print(help); return 0 }
        guard args.positionals.isEmpty else { throw UsageError("sign takes no positional arguments") }
        guard let keyPath = args.value("key") else { throw UsageError("sign needs --key FILE") }
        let pem = try readText(keyPath, what: "--key")
        let claims: String
        if let path = args.value("claims") {
            if let clash = claimOptions.first(where: { args.value($0) != nil }) {
                throw UsageError("give either --claims or claim options, not both (got --\(clash))")
            }
            claims = try readText(path, what: "--claims")
        } else {
            claims = try claimsFromOptions(args, defaultKeyID: CKeySafeActionIssuer.key(privateKeyPEM: pem).derivedKeyID)
        }
        let code = try CKeySafeActionIssuer.sign(claimsJSON: claims, privateKeyPEM: pem)
        if args.flag("json") { Output.json(["code": code, "bytes": code.utf8.count]) } else { print(code) }
        return 0
    }

    static func claimsFromOptions(_ args: Arguments, defaultKeyID: String) throws -> String {
        func required(_ name: String) throws -> String {
            guard let value = args.value(name) else { throw UsageError("sign needs --\(name) (or --claims FILE)") }
            return value
        }
        func seconds(_ name: String) throws -> Int? {
            guard let text = args.value(name) else { return nil }
            guard let value = Int(text) else { throw UsageError("--\(name) is '\(text)'; expected whole Unix seconds") }
            return value
        }
        let iat = try seconds("iat") ?? Int(Date().timeIntervalSince1970)
        let nbf = try seconds("nbf") ?? iat
        if args.value("exp") != nil && args.value("lifetime") != nil { throw UsageError("give --exp or --lifetime, not both") }
        let exp = try seconds("exp") ?? (nbf + (try seconds("lifetime") ?? 300))
        var object: [String: Any] = [
            "iss": try required("issuer"), "kid": args.value("key-id") ?? defaultKeyID, "app": try required("app"),
            "act": try required("action"), "scope": args.value("scope") ?? "sameDevice",
            "iat": iat, "nbf": nbf, "exp": exp, "nonce": args.value("nonce") ?? CKeySafeActionIssuer.makeNonce(),
        ]
        if let params = args.value("params") { object["params"] = params }
        if let rid = args.value("request-id") { object["rid"] = rid }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func readText(_ path: String, what: String) throws -> String {
        if path == "-" { return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) }
        do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw CKeyError(code: .ioError, message: "cannot read \(what) '\(path)': \(error.localizedDescription)")
        }
    }

    // MARK: verify

    static func verify(_ arguments: ArraySlice<String>) throws -> Int32 {
        let args = try Arguments(arguments, options: ["app", "issuer", "key-id", "public-key", "request-info", "action",
                                                      "scope", "now", "timeout"],
                                 flags: ["confirm", "json", "help"])
        if args.flag("help") { print(help); return 0 }
        guard args.positionals.count == 1 else { throw UsageError("verify takes one CODE argument ('-' reads stdin)") }
        let code = args.positionals[0] == "-"
            ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : args.positionals[0]
        func required(_ name: String) throws -> String {
            guard let value = args.value(name) else { throw UsageError("verify needs --\(name)") }
            return value
        }
        let scope = try args.choice("scope", default: CKeySafeActions.Scope.sameDevice,
                                    from: ["samedevice": .sameDevice, "crossdevice": .crossDevice])
        var clock: @Sendable () -> Date = { Date() }
        if let text = args.value("now") {
            guard let now = Int(text) else { throw UsageError("--now is '\(text)'; expected whole Unix seconds") }
            clock = { Date(timeIntervalSince1970: TimeInterval(now)) }
        }
        var timeout: TimeInterval?
        if let text = args.value("timeout") {
            guard let value = Double(text), value > 0 else { throw UsageError("--timeout is '\(text)'; expected seconds > 0") }
            timeout = value
        }
        let issuer = try required("issuer")
        let ran = RanFlag()
        let actions = CKeySafeActions(appID: try required("app"), clock: clock, fetcher: CKeyURLSessionFetcher(timeout: timeout))
            .trust(issuer: issuer, keyID: try required("key-id"), publicKeyHex: try required("public-key"),
                   requestInfo: args.value("request-info"))
            .register(try required("action"), issuers: [issuer], scope: scope) { _ in ran.set() }
        if let error = actions.configurationError { throw CKeyError(code: .invalidParameter, message: error.message) }
        let outcome = blocking { await actions.handle(code) }
        var report: [String: Any]
        var status: Int32 = 0
        switch outcome {
        case .notASafeAction:
            report = ["outcome": "notASafeAction"]
            status = 3
        case .rejected(let rejection):
            report = ["outcome": "rejected", "reason": rejection.reason.name, "message": rejection.message]
            status = 1
        case .performed:
            report = ["outcome": "performed"]
        case .needsConfirmation(let request):
            report = ["outcome": "needsConfirmation", "requester": request.requester, "action": describe(request.action)]
            if let location = request.location { report["location"] = location }
            if args.flag("confirm") { report["confirmed"] = blocking { await request.confirm() } }
        }
        report["handler_ran"] = ran.value
        if args.flag("json") {
            Output.json(report)
        } else {
            for key in report.keys.sorted() { print("\(key): \(report[key]!)") }
        }
        return status
    }

    static func describe(_ action: CKeySafeActions.Action) -> [String: Any] {
        var out: [String: Any] = ["issuer": action.issuer, "key_id": action.keyID, "name": action.name,
                                  "params": action.paramsText, "nonce": action.nonce,
                                  "exp": Int(action.expires.timeIntervalSince1970)]
        if let rid = action.requestID { out["request_id"] = rid }
        return out
    }

    /// Runs async work from the synchronous CLI.
    static func blocking<T>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}

private final class ResultBox<T>: @unchecked Sendable { var value: T? }

private final class RanFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var ran = false
    func set() { lock.lock(); ran = true; lock.unlock() }
    var value: Bool { lock.lock(); defer { lock.unlock() }; return ran }
}
