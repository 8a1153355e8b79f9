// Which characters may stand in text that is shown to a person as a fact,
// such as the "who is asking" line of a confirmation prompt. A refused
// character could reorder, hide or break up what the person reads, so that
// "Chrome on macOS" followed by U+202E and reversed text reads as something
// the sender did not write. Used by src/actions (request info); the classes
// match those of src/payload/text.hpp, which keeps its own list for now.
#pragma once

#include <cstddef>
#include <string_view>

namespace ckey::text {

// Why a character may not be shown. A character in two classes (every bidi
// control is also General_Category Cf) gets the first one listed here.
enum class Unshowable {
    none,
    ill_formed,    // not well-formed UTF-8: overlong, surrogate, past U+10FFFF, cut short
    control,       // C0 U+0000-001F, DEL U+007F and C1 U+0080-009F
    separator,     // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
    bidi,          // U+061C, U+200E, U+200F, U+202A-202E, U+2066-2069
    invisible,     // the rest of General_Category Cf, and fillers that draw nothing
    noncharacter,  // U+FDD0-FDEF, and U+xxFFFE and U+xxFFFF in every plane
};

// The class of one Unicode scalar value (never ill_formed).
Unshowable classify(char32_t c);

struct Finding {
    Unshowable kind = Unshowable::none;
    size_t offset = 0;        // byte offset of the refused character
    char32_t code_point = 0;  // the character; 0 when kind is ill_formed
};

// The first character of utf8 that may not be shown, or kind none when every
// character may. Cost: one pass over the bytes.
Finding find_unshowable(std::string_view utf8);

// The class as words for messages, e.g. "the bidi control".
const char *describe(Unshowable kind);

}  // namespace ckey::text
