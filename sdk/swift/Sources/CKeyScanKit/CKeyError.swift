package import CKeyCodec

/// The one error type of CKey. `code` is the stable contract; `message` says
/// what was wrong and what is allowed, and its wording may improve.
///
///     do { try CKeySymbol.encode(data, version: 3) }
///     catch CKeyError.payloadTooLarge { ... }
public struct CKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Mirrors the core's `ckey_status` values.
    public enum Code: Int32, Sendable {
        case invalidArgument = 1
        case payloadTooLarge = 2
        case versionOutOfRange = 3
        case invalidParameter = 4
        case invalidText = 5
        case emptyPayload = 6
        case decodeFailed = 7
        case sizeTooSmall = 8
        case styleRefused = 9
        case ioError = 10
        case imageFormat = 11
        case imageTooLarge = 12
        case invalidConfiguration = 13
        case actionRejected = 14
        case outOfMemory = 15
        case `internal` = 16
    }

    public let code: Code
    public let message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "CKeyError.\(code): \(message)" }

    public static let invalidArgument = Code.invalidArgument
    public static let payloadTooLarge = Code.payloadTooLarge
    public static let versionOutOfRange = Code.versionOutOfRange
    public static let invalidParameter = Code.invalidParameter
    public static let invalidText = Code.invalidText
    public static let emptyPayload = Code.emptyPayload
    public static let decodeFailed = Code.decodeFailed
    public static let sizeTooSmall = Code.sizeTooSmall
    public static let styleRefused = Code.styleRefused
    public static let ioError = Code.ioError
    public static let imageFormat = Code.imageFormat
    public static let imageTooLarge = Code.imageTooLarge
    public static let invalidConfiguration = Code.invalidConfiguration
    public static let actionRejected = Code.actionRejected
}

/// Lets `catch CKeyError.payloadTooLarge` match by code.
public func ~= (code: CKeyError.Code, error: any Error) -> Bool {
    (error as? CKeyError)?.code == code
}

/// Throws the calling thread's last core error when `status` is not CKEY_OK.
/// Call it right after the C function, on the same thread.
package func ckeyCheck(_ status: ckey_status) throws {
    guard status != CKEY_OK else { return }
    let message = String(cString: ckey_last_error())
    throw CKeyError(code: CKeyError.Code(status), message: message.isEmpty ? String(cString: ckey_status_string(status)) : message)
}

extension CKeyError.Code {
    /// The code of a core status; a number this SDK does not know is `.internal`.
    package init(_ status: ckey_status) {
        self = CKeyError.Code(rawValue: Int32(bitPattern: status.rawValue)) ?? .internal
    }
}
