#!/usr/bin/env python3
"""Writes src/payload/unicode_tables.hpp and src/payload/unicode_tables.cpp: every code point
a host label may hold (spec/CKey-Payload-Conventions.md, section 5), with its UTS #39 script set
and whether it reads as ASCII.

    python3 tools/make-unicode-tables.py          # rewrite both files
    python3 tools/make-unicode-tables.py --check  # exit 1 if either differs from what the data gives

Data read, and nothing else:
- the ranges of the spec's section 5 table (the spec is the one place they are written);
- UnicodeData.txt, Scripts.txt, ScriptExtensions.txt and PropertyValueAliases.txt from
  /usr/share/unicode (Debian package unicode-data; scripts/install-deps installs it);
- confusables.json of the PyPI package confusable-homoglyphs 3.3.1, which holds the mappings of
  UTS #39 confusables.txt. Those mappings are the same in Unicode 13.0.0 through 15.1.0; the
  package's parser left out four lines (U+2028, U+2029, U+3164, U+1F16D), none of which a host
  may hold. The package records each mapping in both directions; the direction is recovered here.
"""
import difflib
import hashlib
import importlib.metadata
import importlib.util
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UCD = Path("/usr/share/unicode")
SPEC = ROOT / "spec" / "CKey-Payload-Conventions.md"
OUT_HPP = ROOT / "src" / "payload" / "unicode_tables.hpp"
OUT_CPP = ROOT / "src" / "payload" / "unicode_tables.cpp"
CONFUSABLES_PACKAGE = ("confusable-homoglyphs", "confusable_homoglyphs", "3.3.1")

# Scripts whose bits the host code names; the others follow in name order. The last three are
# the UTS #39 section 5.1 augmented sets: Han, Hiragana and Katakana add Japanese; Han and Hangul
# add Korean; Han and Bopomofo add Han with Bopomofo.
NAMED_SCRIPTS = ["Latin", "Han", "Hiragana", "Katakana", "Hangul", "Bopomofo"]
AUGMENTED = {"Japanese": {"Han", "Hiragana", "Katakana"}, "Korean": {"Han", "Hangul"},
             "Han_With_Bopomofo": {"Han", "Bopomofo"}}
CJK = {"Han", "Hiragana", "Katakana", "Hangul", "Bopomofo"}
BELOW = 220  # canonical combining class of marks drawn below the letter


def fail(message):
    sys.exit("make-unicode-tables: " + message)


def ucd_file(name):
    path = UCD / name
    if not path.exists():
        fail(f"{path} is missing; install the Debian package unicode-data (scripts/install-deps)")
    return path.read_text(encoding="utf-8")


def data_lines(text):
    """(code point range, fields) for each data line of a UCD file."""
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = [f.strip() for f in line.split(";")]
        first, _, last = fields[0].partition("..")
        yield range(int(first, 16), int(last or first, 16) + 1), fields[1:]


def unicode_version():
    found = re.search(r"for Version (\d+\.\d+\.\d+) of the Unicode Standard", ucd_file("ReadMe.txt"))
    if not found:
        fail(f"no version in {UCD / 'ReadMe.txt'}")
    version = found.group(1)
    for name in ("Scripts.txt", "ScriptExtensions.txt", "PropertyValueAliases.txt"):
        if not ucd_file(name).startswith(f"# {name[:-4]}-{version}.txt"):
            fail(f"{UCD / name} is not version {version}")
    return version


class Char:
    __slots__ = ("name", "category", "combining", "decomposition", "lower")

    def __init__(self, fields):
        self.name, self.category = fields[0], fields[1]
        self.combining = int(fields[2])
        self.decomposition = [int(x, 16) for x in fields[4].split()] if fields[4] and fields[4][0] != "<" else []
        self.lower = fields[12]


def read_unicode_data():
    chars, first = {}, None
    for line in ucd_file("UnicodeData.txt").splitlines():
        fields = line.split(";")
        code, rest = int(fields[0], 16), fields[1:]
        if rest[0].endswith(", First>"):
            first = code
        elif rest[0].endswith(", Last>"):
            block = rest[0][1:-7]
            for c in range(first, code + 1):
                chars[c] = Char([f"{block.upper()}-{c:04X}"] + rest[1:])
        else:
            chars[code] = Char(rest)
    return chars


def read_scripts():
    long_name = {}
    for line in ucd_file("PropertyValueAliases.txt").splitlines():
        parts = [p.strip() for p in line.split("#", 1)[0].split(";")]
        if parts[0] == "sc":
            long_name[parts[1]] = parts[2]
    script = {}
    for points, fields in data_lines(ucd_file("Scripts.txt")):
        for c in points:
            script[c] = fields[0]
    extensions = {}
    for points, fields in data_lines(ucd_file("ScriptExtensions.txt")):
        for c in points:
            extensions[c] = {long_name[s] for s in fields[0].split()}
    return script, extensions


class Unicode:
    """The UCD properties a host table needs."""

    def __init__(self):
        self.version = unicode_version()
        self.chars = read_unicode_data()
        self.script, self.extensions = read_scripts()

    def scripts_of(self, c):
        return self.extensions.get(c, {self.script.get(c, "Unknown")})

    def nfd(self, text):
        out = []
        for ch in text:
            out.extend(self.decompose(ord(ch)))
        return "".join(chr(c) for c in self.reorder(out))

    def decompose(self, c):
        if 0xAC00 <= c <= 0xD7A3:  # Hangul syllables decompose by rule (Unicode section 3.12)
            index = c - 0xAC00
            jamo = [0x1100 + index // 588, 0x1161 + index % 588 // 28]
            return jamo + ([0x11A7 + index % 28] if index % 28 else [])
        char = self.chars.get(c)
        if not char or not char.decomposition:
            return [c]
        return [d for part in char.decomposition for d in self.decompose(part)]

    def combining(self, c):
        char = self.chars.get(c)
        return char.combining if char else 0

    def reorder(self, points):
        points = list(points)
        for i in range(1, len(points)):
            j = i
            while j > 0 and 0 < self.combining(points[j]) < self.combining(points[j - 1]):
                points[j - 1], points[j] = points[j], points[j - 1]
                j -= 1
        return points


def confusables_path():
    dist, module, version = CONFUSABLES_PACKAGE
    try:
        found = importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        fail(f"the PyPI package {dist} is missing; pip install {dist}=={version} (scripts/install-deps)")
    if found != version:
        fail(f"{dist} {found} is installed; the tables were checked against {version} (see the docstring)")
    return Path(importlib.util.find_spec(module).origin).parent / "confusables.json"


def read_prototypes(path):
    """confusables.txt as {source: prototype}, from the package's two-way lists.

    Each line 'source -> prototype' was stored twice: under the source (one entry, the
    prototype) and under the prototype (one entry per source). A prototype is never a source, so
    a key with several entries is a prototype. A key with one entry whose partner also has one
    came from a line of its own, and its source was stored first."""
    def unwrap(text):  # the package kept the LEFT-TO-RIGHT MARKs that wrap right-to-left text
        return text.replace("\u200e", "") if len(text) > 1 else text

    raw = json.loads(path.read_text(encoding="utf-8"))
    entries = {unwrap(k): [unwrap(e["c"]) for e in v] for k, v in raw.items()}
    order = {key: i for i, key in enumerate(entries)}
    prototype = {}
    for key, partners in entries.items():
        if len(key) != 1 or len(partners) != 1:
            continue
        other = partners[0]
        if len(other) > 1 or len(entries[other]) > 1 or order[key] < order[other]:
            prototype[key] = other
    for source, target in prototype.items():
        if target in prototype or entries[target].count(source) != 1:
            fail(f"{path}: U+{ord(source):04X} does not map to a prototype; the data is not as expected")
    return prototype, hashlib.sha256(path.read_bytes()).hexdigest()


class Confusables:
    """UTS #39 section 4: skeletons, and the classes of code points that share one."""

    def __init__(self, unicode, prototype):
        self.unicode, self.prototype = unicode, prototype
        self.members = defaultdict(set)
        for text in set(prototype) | {p for p in prototype.values() if len(p) == 1}:
            self.members[self.skeleton(text)].add(text)

    def skeleton(self, text, drop_below=False):
        points = self.unicode.nfd(text)
        if drop_below:
            points = "".join(ch for ch in points if self.unicode.combining(ord(ch)) != BELOW)
        return self.unicode.nfd("".join(self.prototype.get(ch, ch) for ch in points))

    def confusable_with(self, c):
        return self.members.get(self.skeleton(chr(c)), set()) | {chr(c)}


def spec_ranges():
    """The (first, last) ranges of the U-label table in spec section 5."""
    section = SPEC.read_text(encoding="utf-8").split("\n## 5. ", 1)[1].split("\n## 6. ", 1)[0]
    table = section.split("| script | ranges |", 1)[1].split("\n\n", 1)[0]
    ranges = []
    for first, last in re.findall(r"U\+([0-9A-F]{4,6})(?:–U\+([0-9A-F]{4,6}))?", table):
        ranges.append((int(first, 16), int(last or first, 16)))
    if len(ranges) < 30:
        fail(f"found only {len(ranges)} ranges in the section 5 table of {SPEC}")
    return ranges


def is_capital(char):
    return char.category in ("Lu", "Lt") or bool(char.lower)


def host_code_points(unicode):
    """ASCII lower-case letters, digits and '-', then the assigned, non-capital code points of
    the spec's ranges."""
    points = [0x2D] + list(range(0x30, 0x3A)) + list(range(0x61, 0x7B))
    for first, last in spec_ranges():
        for c in range(first, last + 1):
            char = unicode.chars.get(c)
            if char and not is_capital(char):
                points.append(c)
    return sorted(set(points))


def small_capital(unicode, text):
    char = unicode.chars.get(ord(text)) if len(text) == 1 else None
    return bool(char) and re.fullmatch(r"LATIN LETTER SMALL CAPITAL [A-Z]", char.name) is not None


def western_symbol(unicode, text):
    char = unicode.chars.get(ord(text)) if len(text) == 1 else None
    return bool(char) and unicode.script.get(ord(text)) == "Common" and char.category[0] in "PS"


def reads_as_ascii(unicode, confusables, c):
    """Spec section 5, 'reads as ASCII'."""
    if c < 0x80:
        return False
    if confusables.skeleton(chr(c), drop_below=True).isascii():
        return True
    others = confusables.confusable_with(c)
    if any(small_capital(unicode, x) for x in others):
        return True
    return bool(unicode.scripts_of(c) & CJK) and any(western_symbol(unicode, x) for x in others)


def script_bits(unicode, points):
    used = set()
    for c in points:
        used |= unicode.scripts_of(c)
    used -= {"Common", "Inherited"}
    others = sorted(used - set(NAMED_SCRIPTS))
    names = NAMED_SCRIPTS + others + list(AUGMENTED)
    if len(names) > 64:
        fail(f"{len(names)} scripts do not fit 64 bits")
    return {name: 1 << i for i, name in enumerate(names)}


def scripts_mask(unicode, bits, c):
    scripts = unicode.scripts_of(c)
    if scripts & {"Common", "Inherited"}:  # UTS #39 section 5.1: these belong to every script
        return (1 << len(bits)) - 1
    mask = 0
    for name in scripts:
        mask |= bits[name]
    for name, members in AUGMENTED.items():
        if scripts & members:
            mask |= bits[name]
    return mask


def rows(unicode, confusables, bits, points):
    """Runs of consecutive code points with the same script mask and flags."""
    out = []
    for c in points:
        char = unicode.chars[c]
        latin = char.category[0] == "L" and "Latin" in unicode.scripts_of(c)
        flags = (1 if latin else 0) | (2 if reads_as_ascii(unicode, confusables, c) else 0)
        mask = scripts_mask(unicode, bits, c)
        if out and out[-1][1] == c - 1 and out[-1][2:] == [mask, flags]:
            out[-1][1] = c
        else:
            out.append([c, c, mask, flags])
    return out


def identifier(name):
    return "kScript" + "".join(part.capitalize() for part in name.split("_"))


def banner(unicode, digest):
    dist, _, version = CONFUSABLES_PACKAGE
    return (f"// generated by tools/make-unicode-tables.py from Unicode {unicode.version}; do not edit.\n"
            f"// UCD: UnicodeData.txt, Scripts.txt, ScriptExtensions.txt (/usr/share/unicode, Debian unicode-data).\n"
            f"// UTS #39 confusables.txt mappings (unchanged in Unicode 13.0.0-15.1.0): {dist} {version},\n"
            f"// confusables.json sha256 {digest}.\n")


def header_text(unicode, digest, bits):
    lines = [banner(unicode, digest),
             "// The code points a host label may hold (spec/CKey-Payload-Conventions.md, section 5).",
             "#pragma once", "", "#include <cstddef>", "#include <cstdint>", "",
             "namespace ckey::payload {", "",
             f'inline constexpr char kHostUnicodeVersion[] = "{unicode.version}";', "",
             "// One bit per script of a code point's Script_Extensions, and the UTS #39 augmented sets",
             "// (section 5.1). Common and Inherited code points have every bit (kScriptAll)."]
    lines += [f"inline constexpr uint64_t {identifier(name)} = uint64_t{{1}} << {bit.bit_length() - 1};"
              for name, bit in bits.items()]
    lines += [f"inline constexpr uint64_t kScriptAll = 0x{(1 << len(bits)) - 1:X};", "",
              "// kLatinLetter: a letter whose Script_Extensions include Latin.",
              "// kReadsAsAscii: a non-ASCII code point that reads as ASCII (spec section 5).",
              "inline constexpr uint8_t kLatinLetter = 1, kReadsAsAscii = 2;", "",
              "struct HostCodePoints {", "    char32_t first, last;", "    uint64_t scripts;",
              "    uint8_t flags;", "};", "",
              "// Sorted, disjoint runs; a code point in none of them is refused in a host.",
              "extern const HostCodePoints kHostCodePoints[];", "extern const size_t kHostCodePointsCount;", "",
              "}  // namespace ckey::payload", ""]
    return "\n".join(lines)


def source_text(unicode, digest, table):
    lines = [banner(unicode, digest), '#include "unicode_tables.hpp"', "", "namespace ckey::payload {", "",
             "const HostCodePoints kHostCodePoints[] = {"]
    for first, last, mask, flags in table:
        lines.append(f"    {{0x{first:04X}, 0x{last:04X}, 0x{mask:X}, {flags}}},")
    lines += ["};", "", "const size_t kHostCodePointsCount = sizeof kHostCodePoints / sizeof kHostCodePoints[0];", "",
              "}  // namespace ckey::payload", ""]
    return "\n".join(lines)


def generate():
    unicode = Unicode()
    prototype, digest = read_prototypes(confusables_path())
    confusables = Confusables(unicode, prototype)
    points = host_code_points(unicode)
    bits = script_bits(unicode, points)
    table = rows(unicode, confusables, bits, points)
    return {OUT_HPP: header_text(unicode, digest, bits), OUT_CPP: source_text(unicode, digest, table)}


def main():
    outputs = generate()
    if sys.argv[1:] == ["--check"]:
        stale = False
        for path, text in outputs.items():
            current = path.read_text(encoding="utf-8") if path.exists() else ""
            if current != text:
                stale = True
                sys.stdout.writelines(difflib.unified_diff(current.splitlines(True), text.splitlines(True),
                                                           str(path), "regenerated", n=1))
        if stale:
            fail("generated tables are out of date; run python3 tools/make-unicode-tables.py")
        print("make-unicode-tables: tables up to date")
        return
    if sys.argv[1:]:
        fail("usage: make-unicode-tables.py [--check]")
    for path, text in outputs.items():
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
