internal import CKeyCodec

extension CKeySafeActions {
    /// Why a Safe Action was refused. Mirrors the core's `ckey_action_reason`;
    /// `name` is the stable snake_case name used in `spec/vectors/safe-actions.json`.
    public enum Reason: Int32, Sendable, CaseIterable {
        case tooLong = 2, strayCharacters, badPrefix, unsupportedVersion, segmentCount, base64Padding,
             base64Invalid, base64NonCanonical, headerInvalid, headerUnknownField, signatureLength, unknownIssuer,
             unknownKey, signatureNonCanonical, badSignature, claimsTooLarge, claimsInvalid, claimsDuplicateKey,
             claimsUnknownField, claimsMissingField, timestampRange, paramsTooLarge, requestIDInvalid,
             requestIDMissing, requestIDUnexpected, issuerMismatch, keyIDMismatch, appMismatch, timeOrder,
             issuedInFuture, notYetValid, expired, lifetimeTooLong, notRegistered, issuerNotAllowed, scopeMismatch,
             replayed, replaySetFull, requestInfoUnavailable, requestInfoFailed, requestInfoTimeout,
             requestInfoTooLarge, requestInfoRedirect, requestInfoInvalid, configuration, requestInfoText, replayForgotten

        /// The stable name, e.g. "bad_signature".
        public var name: String { String(cString: ckey_action_reason_string(rawValue)) }
    }
}
