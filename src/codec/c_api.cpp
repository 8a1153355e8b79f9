// The C API of the codec: ckey_symbol_*, ckey_symbol_get_capacity, ckey_decode_modules.
#include <ckey/symbol.h>

#include "decode.hpp"
#include "field.hpp"
#include "../core/guard.hpp"
#include "../core/buffer.hpp"
#include "symbol.hpp"
#include "symbol_handle.hpp"

#include <cstring>
#include <new>

struct ckey_decoded {
    ckey::FormatInfo params;
    ckey::ModuleDecode result;
};

using ckey::guarded;
using ckey::require;

extern "C" ckey_status ckey_symbol_encode(const uint8_t *data, size_t length, int profile, int version,
                                          int level, int layout, ckey_symbol **out_symbol) {
    return guarded([&] {
        require(out_symbol, "out_symbol");
        *out_symbol = nullptr;
        ckey::SymbolParams params{profile, version, level, layout};
        auto *handle = new ckey_symbol{ckey::encode_symbol(data, length, params)};
        *out_symbol = handle;
    });
}

extern "C" void ckey_symbol_destroy(ckey_symbol *symbol) { delete symbol; }

extern "C" ckey_status ckey_symbol_get_info(const ckey_symbol *symbol, ckey_symbol_info *out) {
    return guarded([&] {
        require(symbol, "symbol");
        require(out, "out_info");
        const ckey::Symbol &s = symbol->symbol;
        *out = ckey_symbol_info{};
        out->profile = s.profile;
        out->version = s.version;
        out->level = s.level;
        out->layout = s.layout;
        out->mask = s.mask;
        out->modules = s.n;
        out->format_bits = static_cast<int>(s.format_word);
        // Profile 1: one RS(15,8) block over GF(16).
        out->blocks = s.profile == CKEY_PROFILE_LOCATOR ? 1 : static_cast<int>(s.plan.block_lengths.size());
        out->data_codewords = s.profile == CKEY_PROFILE_LOCATOR ? 8 : s.plan.data_total();
        out->ec_codewords = s.profile == CKEY_PROFILE_LOCATOR ? 7 : s.plan.total - s.plan.data_total();
        out->encodation = static_cast<int>(s.encodation);
        out->payload_bytes = s.payload.size();
        out->capacity = s.capacity;
        out->stream_bits = s.profile == CKEY_PROFILE_LOCATOR ? 32 : s.stream.bits;
        out->data_bits = static_cast<size_t>(out->data_codewords) * (s.profile == CKEY_PROFILE_LOCATOR ? 4 : 8);
    });
}

extern "C" ckey_status ckey_symbol_get_modules(const ckey_symbol *symbol, uint8_t *buffer, size_t buffer_size) {
    return guarded([&] {
        require(symbol, "symbol");
        require(buffer, "buffer");
        const auto &m = symbol->symbol.modules;
        if (buffer_size < m.size())
            ckey::fail(CKEY_INVALID_ARGUMENT, "buffer_size is ", buffer_size, "; this symbol needs ", m.size(),
                       " bytes (N*N)");
        std::memcpy(buffer, m.data(), m.size());
    });
}

extern "C" ckey_status ckey_symbol_get_format_cells(const ckey_symbol *symbol, uint8_t *buffer, size_t buffer_size,
                                                    size_t *out_count) {
    return guarded([&] {
        require(symbol, "symbol");
        require(out_count, "out_count");
        const auto &cells = symbol->symbol.format;
        *out_count = cells.size();
        if (cells.empty()) return;
        require(buffer, "buffer");
        if (buffer_size < cells.size())
            ckey::fail(CKEY_INVALID_ARGUMENT, "buffer_size is ", buffer_size, "; the format band has 96 cells");
        std::memcpy(buffer, cells.data(), cells.size());
    });
}

extern "C" ckey_status ckey_symbol_matrix_text(const ckey_symbol *symbol, char **out_text) {
    return guarded([&] {
        require(symbol, "symbol");
        require(out_text, "out_text");
        std::string text = ckey::matrix_text(symbol->symbol);
        *out_text = ckey::malloc_copy(text);
    });
}

extern "C" ckey_status ckey_symbol_get_payload(const ckey_symbol *symbol, const uint8_t **out_data,
                                               size_t *out_length) {
    return guarded([&] {
        require(symbol, "symbol");
        require(out_data, "out_data");
        require(out_length, "out_length");
        *out_data = symbol->symbol.payload.data();
        *out_length = symbol->symbol.payload.size();
    });
}

namespace {

// The runs the C API reports: the prefix (if any), then the segments.
std::vector<ckey_segment> payload_runs(const ckey::Symbol &s) {
    std::vector<ckey_segment> runs;
    if (s.profile == CKEY_PROFILE_LOCATOR) return runs;
    const ckey::Segmentation &seg = s.stream.segmentation;
    if (seg.prefix != 0) runs.push_back({CKEY_SEGMENT_PREFIX, 0, ckey::prefix_length(seg.prefix)});
    for (const ckey::DataSegment &r : seg.segments) runs.push_back({static_cast<int>(r.mode), r.start, r.length});
    return runs;
}

}  // namespace

extern "C" ckey_status ckey_symbol_get_segments(const ckey_symbol *symbol, ckey_segment *buffer, size_t buffer_count,
                                                size_t *out_count) {
    return guarded([&] {
        require(symbol, "symbol");
        require(out_count, "out_count");
        if (buffer == nullptr && buffer_count > 0)
            ckey::fail(CKEY_INVALID_ARGUMENT, "buffer is NULL but buffer_count is ", buffer_count);
        const std::vector<ckey_segment> runs = payload_runs(symbol->symbol);
        for (size_t i = 0; i < runs.size() && i < buffer_count; ++i) buffer[i] = runs[i];
        *out_count = runs.size();
    });
}


extern "C" ckey_status ckey_symbol_get_capacity(int profile, int version, int level, int layout, size_t *out_bytes) {
    return guarded([&] {
        require(out_bytes, "out_bytes");
        ckey::validate_params({profile, version, level, layout}, false);
        *out_bytes = ckey::capacity_bytes(profile, version, level, layout);
    });
}

extern "C" ckey_status ckey_decode_modules(int profile, int version, int level, int layout, int mask,
                                           const uint8_t *darkness, size_t count, ckey_decoded **out_decoded) {
    return guarded([&] {
        require(out_decoded, "out_decoded");
        *out_decoded = nullptr;
        require(darkness, "darkness");
        ckey::validate_params({profile, version, level, layout}, false);
        if (profile != CKEY_PROFILE_SCALABLE) {
            level = ckey::fixed_level(profile);
            layout = 0;
        }
        if (mask < 0 || mask > 3) ckey::fail(CKEY_INVALID_PARAMETER, "mask ", mask, " is unknown; allowed: 0...3");
        size_t n = static_cast<size_t>(ckey::modules_per_side(profile, version));
        if (count != n * n)
            ckey::fail(CKEY_INVALID_ARGUMENT, "count is ", count, "; these parameters need ", n * n,
                       " module values (", n, " x ", n, ")");
        ckey::FormatInfo params{profile, version, level, layout, mask};
        ckey::ModuleDecode result = ckey::decode_modules(params, darkness, count);
        if (!result.ok)
            ckey::fail(CKEY_DECODE_FAILED,
                       "the modules could not be decoded: Reed-Solomon correction or the CRC-32C check failed");
        *out_decoded = new ckey_decoded{params, std::move(result)};
    });
}

extern "C" void ckey_decoded_destroy(ckey_decoded *decoded) { delete decoded; }

extern "C" ckey_status ckey_decoded_get_info(const ckey_decoded *decoded, ckey_decoded_info *out) {
    return guarded([&] {
        require(decoded, "decoded");
        require(out, "out_info");
        *out = ckey_decoded_info{decoded->params.profile, decoded->params.version, decoded->params.level,
                                 decoded->params.layout, decoded->params.mask, decoded->result.errors,
                                 decoded->result.erasures, decoded->result.correction_margin};
    });
}

extern "C" ckey_status ckey_decoded_get_payload(const ckey_decoded *decoded, const uint8_t **out_data,
                                                size_t *out_length) {
    return guarded([&] {
        require(decoded, "decoded");
        require(out_data, "out_data");
        require(out_length, "out_length");
        *out_data = decoded->result.payload.data();
        *out_length = decoded->result.payload.size();
    });
}
