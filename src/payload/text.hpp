// Text checks shared by every form: strict UTF-8, the code points that are
// refused (controls, bidi controls, invisible characters), percent-coding and
// ASCII case helpers. See spec/CKey-Payload-Conventions.md, section 3.
#pragma once

#include <string>
#include <string_view>

namespace ckey::payload {

// C0 controls, DEL, C1 controls, U+2028/U+2029 and noncharacters.
bool is_control(char32_t c);
// Bidi embedding, override, isolate and mark characters.
bool is_bidi_control(char32_t c);
// Zero-width and other default-ignorable characters that render as nothing.
bool is_invisible(char32_t c);

// Decodes strict UTF-8 (no overlongs, surrogates or values past U+10FFFF).
// Refuses "utf8" naming `what`.
std::u32string decode_utf8(std::string_view text, std::string_view what);
void append_utf8(std::string &out, char32_t c);

// The whole input: strict UTF-8 with no bidi control and no invisible
// character. Controls are left to each form, since contacts hold line breaks.
void check_input(std::string_view text);

// A single-line value, as shown (after any percent-decoding): strict UTF-8,
// no control (so no CR or LF), bidi control or invisible character, not empty
// unless allow_empty. `what` names the value in the message.
void check_line(std::string_view value, std::string_view what, bool allow_empty = false);

// "%" must be followed by two hex digits; refuses "syntax" otherwise.
std::string percent_decode(std::string_view text, std::string_view what);
// Encodes every byte except RFC 3986 unreserved characters.
std::string percent_encode(std::string_view text);
// Appends "%XX" (upper-case hex) for one byte.
void append_percent(std::string &out, unsigned char byte);

// Without the spaces (U+0020 only) at either end.
std::string_view trim_spaces(std::string_view text);

bool is_alpha(char c);
bool is_digit(char c);
bool is_hex(char c);
char lower(char c);
std::string lower(std::string_view text);
bool iequals(std::string_view a, std::string_view b);
bool istarts_with(std::string_view text, std::string_view prefix);

// A value quoted for messages: printable ASCII kept, the rest escaped,
// cut at 60 bytes.
std::string quoted(std::string_view text);

}  // namespace ckey::payload
