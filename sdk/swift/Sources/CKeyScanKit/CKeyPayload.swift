internal import CKeyCodec
import Foundation

/// What a scanned payload may do. The core parses and validates (see
/// `spec/CKey-Payload-Conventions.md`); this type only maps its result.
///
///     if let text = result.text, let action = CKeyPayload.classify(text) {
///         switch action { case .web(let url): ... }
///     }
///
/// `classify` never acts. Act only when the user taps, and keep the payload
/// visible. Anything that is not an allowlisted, valid form returns `nil`
/// and should be shown as plain text.
public enum CKeyPayload {
    /// An action the app may offer. Each URL is the canonical form the core
    /// built from its one parse: it is exactly what the shown values describe.
    public enum Action: Equatable, Sendable {
        /// An `https:` or `http:` URL. Its host is ASCII (punycode for
        /// internationalised names); `Classification.displayHost` is the form to show.
        case web(URL)
        /// A `mailto:` URL and its first recipient.
        case email(URL, address: String)
        /// A `tel:` URL and the number it dials (RFC 3966, e.g. "+14155550123").
        case call(URL, number: String)
        /// An `sms:` URL and its first recipient.
        case message(URL, number: String)
        /// A `geo:` URI (WGS-84), its coordinate, its label and an Apple Maps URL
        /// built from the re-serialised numbers.
        case geo(URL, coordinate: CKeyCoordinate, label: String?, mapURL: URL)
        /// A postal address on one line and an Apple Maps URL for it.
        case address(String, mapURL: URL)
        /// A contact as vCard text (CRLF line ends) and its display name.
        case contact(vCard: String, name: String)
    }

    /// The full answer: the action, or why there is none.
    public struct Classification: Equatable, Sendable {
        /// The action, or nil: show the payload as text.
        public let action: Action?
        /// Web: the host to show (Unicode, or punycode for a lookalike label).
        public let displayHost: String?
        /// Web, email, call, message: a host of the payload has a lookalike label, one that mixes
        /// scripts or reads as ASCII (`раураӏ.com`, `goog丨e.com`); the shown host, address or
        /// number spells that label as punycode. Worth a warning next to the action.
        public let isLookalike: Bool
        /// Email: the subject; email and message: the body.
        public let subject: String?
        public let body: String?
        /// When `action` is nil: a stable token such as "scheme", "userinfo",
        /// "bidi" or "oversize" (the spec lists them all).
        public let reason: String?
        /// When `action` is nil: what was refused and why, in words.
        public let message: String?
    }

    /// Payloads longer than this many bytes are shown as text unparsed.
    public static let inputCap = Int(CKEY_PAYLOAD_INPUT_CAP)

    /// The action for a decoded text, or nil when it is to be shown as text.
    public static func classify(_ text: String) -> Action? {
        classification(of: text).action
    }

    /// The action with the values to show, or the reason there is none.
    public static func classification(of text: String) -> Classification {
        classification(utf8: Data(text.utf8))
    }

    /// Classifies raw payload bytes (`CKeyResult.bytes`); bytes that are not
    /// valid UTF-8 have no action.
    public static func classification(ofBytes bytes: Data) -> Classification {
        classification(utf8: bytes)
    }

    private static func classification(utf8 bytes: Data) -> Classification {
        var handle: OpaquePointer?
        let status = bytes.withUnsafeBytes { raw in
            ckey_payload_classify(raw.bindMemory(to: CChar.self).baseAddress, bytes.count, &handle)
        }
        guard status == CKEY_OK, let handle else {
            let message = String(cString: ckey_last_error())
            return Classification(action: nil, displayHost: nil, isLookalike: false, subject: nil, body: nil, reason: "internal",
                                  message: message)
        }
        defer { ckey_payload_destroy(handle) }
        var info = ckey_payload_info()
        guard ckey_payload_get_info(handle, &info) == CKEY_OK else {
            return Classification(action: nil, displayHost: nil, isLookalike: false, subject: nil, body: nil, reason: "internal",
                                  message: String(cString: ckey_last_error()))
        }
        let action = makeAction(info)
        return Classification(action: action, displayHost: text(info.display), isLookalike: info.lookalike != 0,
                              subject: text(info.subject),
                              body: text(info.body), reason: action == nil ? text(info.reason) ?? "internal" : nil,
                              message: action == nil ? text(info.message) : nil)
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer, pointer.pointee != 0 else { return nil }
        return String(cString: pointer)
    }

    private static func makeURL(_ pointer: UnsafePointer<CChar>?) -> URL? {
        text(pointer).flatMap { URL(string: $0) }
    }

    private static func makeAction(_ info: ckey_payload_info) -> Action? {
        switch ckey_payload_kind(rawValue: UInt32(info.kind)) {
        case CKEY_PAYLOAD_WEB:
            return makeURL(info.url).map { .web($0) }
        case CKEY_PAYLOAD_EMAIL:
            guard let url = makeURL(info.url), let address = text(info.address) else { return nil }
            return .email(url, address: address)
        case CKEY_PAYLOAD_CALL:
            guard let url = makeURL(info.url), let number = text(info.number) else { return nil }
            return .call(url, number: number)
        case CKEY_PAYLOAD_MESSAGE:
            guard let url = makeURL(info.url), let number = text(info.number) else { return nil }
            return .message(url, number: number)
        case CKEY_PAYLOAD_GEO:
            guard let url = makeURL(info.url), let mapURL = makeURL(info.map_url) else { return nil }
            let coordinate = CKeyCoordinate(latitude: info.latitude, longitude: info.longitude,
                                            altitude: info.has_altitude != 0 ? info.altitude : nil,
                                            uncertainty: info.has_uncertainty != 0 ? info.uncertainty : nil)
            return .geo(url, coordinate: coordinate, label: text(info.label), mapURL: mapURL)
        case CKEY_PAYLOAD_ADDRESS:
            guard let address = text(info.address), let mapURL = makeURL(info.map_url) else { return nil }
            return .address(address, mapURL: mapURL)
        case CKEY_PAYLOAD_CONTACT:
            guard let vCard = text(info.vcard), let name = text(info.name) else { return nil }
            return .contact(vCard: vCard, name: name)
        default:
            return nil
        }
    }
}

/// A WGS-84 position from a `geo:` URI.
public struct CKeyCoordinate: Equatable, Sendable {
    /// Degrees, -90...90.
    public let latitude: Double
    /// Degrees, -180...180.
    public let longitude: Double
    /// Metres, when the URI gives a third coordinate.
    public let altitude: Double?
    /// Metres (the `u=` parameter), when given.
    public let uncertainty: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil, uncertainty: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.uncertainty = uncertainty
    }
}
