// Certification's report: the figures of an envelope's sample (rate and
// interval, failures, worst conditions) and its one-line summary.
#pragma once

#include "envelope_predict.hpp"

#include <ckey/certify.h>

#include <string>

namespace ckey {

// Sets the report's figures and verdict from an envelope's sample (the
// message and min_size_mm are the caller's).
void fill_report(ckey_certify_report *out, const EnvelopeSample &s, const ckey_certify_envelope &env);

// "certified: ..." or "not certified: ...", with the figures that explain it.
std::string report_summary(const ckey_certify_report *r, const ckey_certify_envelope &env, double width_mm);

}  // namespace ckey
