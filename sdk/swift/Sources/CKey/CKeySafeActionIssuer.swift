internal import CKeyCodec
import CKeyScanKit
import Foundation

/// The issuer side of Safe Actions: keys and signing, done by the core
/// (what `ckey action keygen` and `ckey action sign` use).
public enum CKeySafeActionIssuer {
    public struct Key: Sendable, Equatable {
        /// PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"); keep it secret.
        public let privateKeyPEM: String
        /// The 32-byte Ed25519 public key as 64 hex digits, for `trust(publicKeyHex:)`.
        public let publicKeyHex: String
        /// A suggested key ID: the first 8 bytes of SHA-256(public key), hex.
        public let derivedKeyID: String
    }

    /// A new key pair from the system's random source.
    public static func makeKey() throws -> Key {
        var pem: UnsafeMutablePointer<CChar>?, hex: UnsafeMutablePointer<CChar>?, kid: UnsafeMutablePointer<CChar>?
        try ckeyCheck(ckey_action_keygen(&pem, &hex, &kid))
        defer { ckey_free(pem); ckey_free(hex); ckey_free(kid) }
        return Key(privateKeyPEM: String(cString: pem!), publicKeyHex: String(cString: hex!), derivedKeyID: String(cString: kid!))
    }

    /// The public half (and derived key ID) of a PEM private key.
    public static func key(privateKeyPEM: String) throws -> Key {
        var hex: UnsafeMutablePointer<CChar>?, kid: UnsafeMutablePointer<CChar>?
        try ckeyCheck(ckey_action_key_public(privateKeyPEM, &hex, &kid))
        defer { ckey_free(hex); ckey_free(kid) }
        return Key(privateKeyPEM: privateKeyPEM, publicKeyHex: String(cString: hex!), derivedKeyID: String(cString: kid!))
    }

    /// Signs claims (the JSON object of spec section 4). The core checks them
    /// with the verifier's rules and serialises them canonically first.
    public static func sign(claimsJSON: String, privateKeyPEM: String) throws -> String {
        var code: UnsafeMutablePointer<CChar>?
        try ckeyCheck(ckey_action_sign(privateKeyPEM, claimsJSON, &code))
        defer { ckey_free(code) }
        return String(cString: code!)
    }

    /// A fresh 128-bit nonce in base64url (22 characters).
    public static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
