// Streaming input for the image readers: a file, standard input or bytes in
// memory, read in small pieces so that no reader holds the whole file. Every
// read counts against a cap, checked as the bytes arrive.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace ckey {

class ByteSource {
public:
    // Bytes read beyond this are refused (CKEY_IMAGE_TOO_LARGE): no legal
    // 100-megapixel file needs them (an ASCII P3 at maxval 65535 with single
    // spaces, the largest, is 1.8 GB).
    static constexpr size_t kMaxBytes = size_t{2} << 30;

    explicit ByteSource(std::string name) : name_(std::move(name)) {}
    virtual ~ByteSource() = default;
    ByteSource(const ByteSource &) = delete;
    ByteSource &operator=(const ByteSource &) = delete;

    // Up to n bytes into dst; fewer only at the end of the input. Throws
    // CKEY_IO_ERROR on a read error.
    size_t read(uint8_t *dst, size_t n);
    // The next byte, or -1 at the end.
    int get();
    // Makes up to n bytes (n <= kBuffer) visible without consuming them;
    // returns how many are there (fewer only at the end).
    size_t peek(const uint8_t *&data, size_t n);
    // Bytes consumed so far.
    size_t position() const { return consumed_; }
    // The file name for messages ("standard input", "memory").
    const std::string &name() const { return name_; }

protected:
    // Fills dst with up to n bytes; 0 at the end. Throws on errors.
    virtual size_t fill(uint8_t *dst, size_t n) = 0;

private:
    static constexpr size_t kBuffer = 65536;
    size_t refill(size_t wanted);

    std::string name_;
    uint8_t buffer_[kBuffer];
    size_t begin_ = 0, end_ = 0, consumed_ = 0, fetched_ = 0;
};

// Bytes in memory (the fuzz targets and read_image_bytes).
class MemorySource final : public ByteSource {
public:
    MemorySource(const uint8_t *data, size_t length) : ByteSource("memory"), data_(data), length_(length) {}

protected:
    size_t fill(uint8_t *dst, size_t n) override;

private:
    const uint8_t *data_;
    size_t length_, offset_ = 0;
};

// A regular file by path, or standard input for "-". Anything else (a FIFO,
// a device, a directory) is refused before a byte is read, so that a reader
// never blocks on it.
class FileSource final : public ByteSource {
public:
    explicit FileSource(const std::string &path);
    ~FileSource() override;

protected:
    size_t fill(uint8_t *dst, size_t n) override;

private:
    int fd_ = -1;
    bool owned_ = false;
};

}  // namespace ckey
