// Camera simulator, stage 5: sensor noise, tone curve and JPEG.
#include "camera_sensor.hpp"

#include "../core/error.hpp"
#include "random.hpp"

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstdio>
#include <cstdlib>

#include <jpeglib.h>

namespace ckey {

namespace {

// Below this mean the normal approximation of Poisson is poor.
constexpr double kExactPoissonBelow = 20;

// The electron counts at which the rounded tone output steps up: output k
// for e in [threshold[k], threshold[k + 1]). Exact, and cheaper than a pow
// per pixel: a table of the first code of each of many small bins, then a
// step or two up the thresholds.
class ToneCurve {
public:
    ToneCurve(double full_well, double gamma) : bins_per_electron_(kBins / full_well) {
        threshold_[0] = -1;
        for (int k = 1; k < 256; ++k) threshold_[k] = full_well * std::pow((k - 0.5) / 255, gamma);
        threshold_[256] = 1e300;
        int code = 0;
        for (int b = 0; b <= kBins; ++b) {
            const double start = b / bins_per_electron_;
            while (start >= threshold_[code + 1]) ++code;
            first_code_[b] = static_cast<uint8_t>(code);
        }
    }
    // electrons in 0...full well
    uint8_t operator()(double electrons) const {
        int code = first_code_[static_cast<int>(electrons * bins_per_electron_)];
        while (electrons >= threshold_[code + 1]) ++code;
        return static_cast<uint8_t>(code);
    }

private:
    static constexpr int kBins = 16384;
    double bins_per_electron_;
    double threshold_[257];
    uint8_t first_code_[kBins + 1];
};

}  // namespace

std::vector<uint8_t> expose(const std::vector<float> &radiance, const ckey_camera_scene &scene) {
    Random rng(scene.seed, Stream::noise);
    const double full_well = kFullWellRatio * scene.exposure;
    const ToneCurve tone(full_well, scene.gamma);
    std::vector<uint8_t> frame(radiance.size());
    const double read_variance = scene.read_noise * scene.read_noise;
    for (size_t i = 0; i < radiance.size(); ++i) {
        const double mean = std::max(0.0, static_cast<double>(radiance[i])) * scene.exposure;
        double e;
        if (mean < kExactPoissonBelow) {
            e = rng.poisson(mean);
            if (scene.read_noise > 0) e += scene.read_noise * rng.normal();
        } else {
            // Shot and read noise are independent normals here: one draw of their sum.
            e = mean + std::sqrt(mean + read_variance) * rng.normal();
        }
        frame[i] = tone(std::clamp(e, 0.0, full_well));
    }
    return frame;
}

namespace {

struct JpegErrors {
    jpeg_error_mgr base;
    std::jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

void on_jpeg_error(j_common_ptr info) {
    auto *errors = reinterpret_cast<JpegErrors *>(info->err);
    (*info->err->format_message)(info, errors->message);
    std::longjmp(errors->jump, 1);
}

void on_jpeg_message(j_common_ptr, int) {}

// Grey JPEG of the frame in memory (malloc'd by libjpeg; the caller frees it).
void compress(const std::vector<uint8_t> &frame, int width, int height, int quality, unsigned char **data,
              unsigned long *size) {
    jpeg_compress_struct info;
    JpegErrors errors;
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_jpeg_error;
    errors.base.emit_message = on_jpeg_message;
    if (setjmp(errors.jump)) {
        jpeg_destroy_compress(&info);
        std::free(*data);
        *data = nullptr;
        fail(CKEY_INTERNAL, "JPEG compression failed: ", errors.message);
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, data, size);
    info.image_width = static_cast<JDIMENSION>(width);
    info.image_height = static_cast<JDIMENSION>(height);
    info.input_components = 1;
    info.in_color_space = JCS_GRAYSCALE;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.dct_method = JDCT_ISLOW;  // the integer DCT: the same output everywhere
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = const_cast<uint8_t *>(frame.data()) + static_cast<size_t>(info.next_scanline) * width;
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
}

void decompress(const unsigned char *data, unsigned long size, std::vector<uint8_t> &frame, int width) {
    jpeg_decompress_struct info;
    JpegErrors errors;
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_jpeg_error;
    errors.base.emit_message = on_jpeg_message;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&info);
        fail(CKEY_INTERNAL, "JPEG decompression failed: ", errors.message);
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, const_cast<unsigned char *>(data), size);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_GRAYSCALE;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = frame.data() + static_cast<size_t>(info.output_scanline) * width;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
}

}  // namespace

void jpeg_round_trip(std::vector<uint8_t> &frame, int width, int height, int quality) {
    unsigned char *data = nullptr;
    unsigned long size = 0;
    compress(frame, width, height, quality, &data, &size);
    struct Release {
        unsigned char *data;
        ~Release() { std::free(data); }
    } release{data};
    decompress(data, size, frame, width);
}

}  // namespace ckey
