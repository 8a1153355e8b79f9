// The PDF file structure shared by the symbol export (pdf_writer.cpp) and
// the grade report (src/certify): numbered objects, streams left
// uncompressed (the core links no zlib of its own), the cross-reference
// table and the trailer. Object 1 must be the catalog and 2 the info
// dictionary.
#pragma once

#include "../core/error.hpp"
#include "number_text.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace ckey {

class PdfFile {
public:
    int add(const std::string &dict, const std::string &stream = std::string(), bool has_stream = false) {
        objects_.push_back({dict, stream, has_stream});
        return static_cast<int>(objects_.size());
    }
    void set(int id, const std::string &dict) { objects_[id - 1].dict = dict; }
    std::vector<uint8_t> bytes() const {
        std::string out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
        std::vector<size_t> offsets;
        for (size_t i = 0; i < objects_.size(); ++i) {
            offsets.push_back(out.size());
            out += cat(i + 1, " 0 obj\n");
            const Object &o = objects_[i];
            if (o.has_stream) {
                std::string dict = o.dict;
                dict.insert(dict.size() - 2, cat(" /Length ", o.stream.size(), " "));
                out += dict + "\nstream\n" + o.stream + "\nendstream\n";
            } else {
                out += o.dict + "\n";
            }
            out += "endobj\n";
        }
        size_t xref = out.size();
        out += cat("xref\n0 ", objects_.size() + 1, "\n0000000000 65535 f \n");
        for (size_t off : offsets) {
            char line[24];
            std::snprintf(line, sizeof line, "%010zu 00000 n \n", off);
            out += line;
        }
        out += cat("trailer\n<< /Size ", objects_.size() + 1, " /Root 1 0 R /Info 2 0 R >>\nstartxref\n", xref,
                   "\n%%EOF\n");
        return std::vector<uint8_t>(out.begin(), out.end());
    }

private:
    struct Object {
        std::string dict, stream;
        bool has_stream;
    };
    std::vector<Object> objects_;
};

}  // namespace ckey
