// The issuer side: key files and signing (what `ckey action` uses).
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace ckey::actions {

using Seed = std::array<uint8_t, 32>;

// PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----") of an Ed25519 seed, and back.
// parse throws Error(CKEY_INVALID_PARAMETER) for anything but an Ed25519 key.
std::string private_key_pem(const Seed &seed);
Seed parse_private_key_pem(const std::string &pem);

// The key ID keygen suggests: the first 8 bytes of SHA-256(public key), hex.
std::string derived_key_id(const std::array<uint8_t, 32> &public_key);

// Checks the claims with the verifier's rules, serialises them canonically
// and returns the signed code. Throws Error(CKEY_INVALID_PARAMETER).
std::string sign_action(const Seed &seed, const std::string &claims_json);

}  // namespace ckey::actions
