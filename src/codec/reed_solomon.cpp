#include "reed_solomon.hpp"

#include <algorithm>

namespace ckey {

namespace {

// Polynomials are stored lowest degree first.
using Poly = std::vector<int>;

Poly generator(const GaloisField &field, int parity_count) {
    Poly g{1};
    for (int i = 0; i < parity_count; ++i) {
        Poly next(g.size() + 1, 0);
        int root = field.exp(i);
        for (size_t j = 0; j < g.size(); ++j) {
            next[j + 1] ^= g[j];
            next[j] ^= field.multiply(g[j], root);
        }
        g = next;
    }
    return g;
}

int evaluate(const GaloisField &field, const Poly &p, int x) {
    int acc = 0;
    for (size_t i = p.size(); i-- > 0;) acc = field.multiply(acc, x) ^ p[i];
    return acc;
}

// Erasure locator Gamma(x) = prod (1 - X_k x), X_k = alpha^(n-1-pos), into
// lambda; false when a position lies outside the codeword.
bool erasure_locator(const GaloisField &field, const std::vector<int> &erasures, int n, Poly &lambda) {
    lambda = {1};
    for (int pos : erasures) {
        if (pos < 0 || pos >= n) return false;
        int x = field.exp(n - 1 - pos);
        Poly next(lambda.size() + 1, 0);
        for (size_t j = 0; j < lambda.size(); ++j) {
            next[j] ^= lambda[j];
            next[j + 1] ^= field.multiply(lambda[j], x);
        }
        lambda = next;
    }
    return true;
}

// Berlekamp-Massey from the erasure locator (f erasures) over the syndromes
// s: lambda becomes the errata locator, trimmed of zero high terms. Returns
// its expected degree L.
int berlekamp_massey(const GaloisField &field, const std::vector<int> &s, int f, Poly &lambda) {
    const int parity_count = static_cast<int>(s.size());
    Poly b = lambda;
    int l = f;
    for (int r = f; r < parity_count; ++r) {
        int delta = 0;
        for (size_t i = 0; i < lambda.size() && static_cast<int>(i) <= r; ++i)
            delta ^= field.multiply(lambda[i], s[r - i]);
        b.insert(b.begin(), 0);
        if (delta != 0) {
            Poly t(std::max(lambda.size(), b.size()), 0);
            for (size_t i = 0; i < lambda.size(); ++i) t[i] ^= lambda[i];
            for (size_t i = 0; i < b.size(); ++i) t[i] ^= field.multiply(delta, b[i]);
            if (2 * l <= r + f) {
                int inv = field.inverse(delta);
                b.assign(lambda.size(), 0);
                for (size_t i = 0; i < lambda.size(); ++i) b[i] = field.multiply(lambda[i], inv);
                l = r + 1 + f - l;
            }
            lambda = t;
        }
    }
    while (lambda.size() > 1 && lambda.back() == 0) lambda.pop_back();
    return l;
}

// Forney, first root alpha^0: Omega(x) = S(x) Lambda(x) mod x^E, and the
// error at X is X * Omega(X^-1) / Lambda'(X^-1), added into corrected.
// False when Lambda' vanishes at a root.
bool forney(const GaloisField &field, const std::vector<int> &s, const Poly &lambda,
            const std::vector<int> &positions, std::vector<uint8_t> &corrected) {
    const int parity_count = static_cast<int>(s.size()), n = static_cast<int>(corrected.size());
    Poly omega(parity_count, 0);
    for (int i = 0; i < parity_count; ++i)
        for (size_t j = 0; j < lambda.size() && static_cast<int>(j) <= i; ++j)
            omega[i] ^= field.multiply(s[i - j], lambda[j]);
    Poly derivative(std::max<size_t>(1, lambda.size() - 1), 0);
    for (size_t i = 1; i < lambda.size(); i += 2) derivative[i - 1] = lambda[i];
    for (int pos : positions) {
        int x = field.exp(n - 1 - pos);
        int x_inv = field.inverse(x);
        int denominator = evaluate(field, derivative, x_inv);
        if (denominator == 0) return false;
        int magnitude = field.multiply(x, field.divide(evaluate(field, omega, x_inv), denominator));
        corrected[pos] = static_cast<uint8_t>(corrected[pos] ^ magnitude);
    }
    return true;
}

// The codeword positions pos whose X^-1 = alpha^-(n - 1 - pos) is a root of
// lambda (Chien search). Each term lambda_j X^-j is kept as a value that is
// multiplied by alpha^j from one position to the next: one table lookup per
// term and position.
std::vector<int> chien_search(const GaloisField &field, const Poly &lambda, int n) {
    const int order = field.size() - 1;
    const int first = (order - (n - 1) % order) % order;  // log of X^-1 at position 0
    std::vector<uint8_t> terms;           // the non-zero terms above degree 0, at the position
    std::vector<const uint8_t *> steps;  // each one's row of alpha^j
    for (size_t j = 1; j < lambda.size(); ++j) {
        if (lambda[j] == 0) continue;
        steps.push_back(field.times_exp(static_cast<int>(j % order)));
        const int log_term = (field.log(lambda[j]) + static_cast<int>((j * first) % order)) % order;
        terms.push_back(static_cast<uint8_t>(field.exp(log_term)));
    }
    std::vector<int> positions;
    for (int pos = 0; pos < n; ++pos) {
        int value = lambda[0];
        for (size_t t = 0; t < terms.size(); ++t) {
            value ^= terms[t];
            terms[t] = steps[t][terms[t]];
        }
        if (value == 0) positions.push_back(pos);
    }
    return positions;
}

}  // namespace

void rs_encode(const GaloisField &field, const uint8_t *data, int k, int parity_count,
               uint8_t *parity) {
    Poly g = generator(field, parity_count);  // degree E, monic
    std::vector<int> remainder(parity_count, 0);  // highest degree first
    for (int i = 0; i < k; ++i) {
        int factor = data[i] ^ remainder[0];
        std::rotate(remainder.begin(), remainder.begin() + 1, remainder.end());
        remainder[parity_count - 1] = 0;
        if (factor != 0)
            for (int j = 0; j < parity_count; ++j)
                remainder[j] ^= field.multiply(g[parity_count - 1 - j], factor);
    }
    for (int j = 0; j < parity_count; ++j) parity[j] = static_cast<uint8_t>(remainder[j]);
}

std::vector<int> rs_syndromes(const GaloisField &field, const uint8_t *codeword, int n, int parity_count) {
    // Horner's rule, S_j = S_j alpha^j + c_i, each product one lookup in the
    // row of alpha^j; four syndromes at a time, whose chains are independent
    // (the decoder computes syndromes for every reading of every candidate).
    // A last group of fewer than four repeats its final row and keeps only
    // the syndromes asked for.
    std::vector<int> s(parity_count, 0);
    const int order = field.size() - 1;
    for (int j = 0; j < parity_count; j += 4) {
        const uint8_t *row[4];
        for (int k = 0; k < 4; ++k) row[k] = field.times_exp(std::min(j + k, parity_count - 1) % order);
        uint8_t a[4] = {0, 0, 0, 0};
        for (int i = 0; i < n; ++i) {
            const uint8_t c = codeword[i];
            a[0] = row[0][a[0]] ^ c;
            a[1] = row[1][a[1]] ^ c;
            a[2] = row[2][a[2]] ^ c;
            a[3] = row[3][a[3]] ^ c;
        }
        for (int k = 0; k < 4 && j + k < parity_count; ++k) s[j + k] = a[k];
    }
    return s;
}

RsOutcome rs_decode(const GaloisField &field, uint8_t *codeword, int n, int parity_count,
                    const std::vector<int> &erasures) {
    // Too many erasures fail before any syndrome is computed.
    const int flagged = static_cast<int>(erasures.size());
    if (flagged > parity_count) return RsOutcome{false, 0, flagged, 0};
    return rs_decode(field, codeword, n, parity_count, erasures, rs_syndromes(field, codeword, n, parity_count));
}

RsOutcome rs_decode(const GaloisField &field, uint8_t *codeword, int n, int parity_count,
                    const std::vector<int> &erasures, const std::vector<int> &s) {
    RsOutcome out;
    out.erasures = static_cast<int>(erasures.size());
    if (out.erasures > parity_count || static_cast<int>(s.size()) != parity_count) return out;
    if (std::all_of(s.begin(), s.end(), [](int v) { return v == 0; })) {
        out.ok = true;
        out.erasures = 0;  // nothing needed filling
        out.correction_margin = parity_count;
        return out;
    }
    Poly lambda;
    if (!erasure_locator(field, erasures, n, lambda)) return out;
    const int f = out.erasures;
    const int l = berlekamp_massey(field, s, f, lambda);
    const int degree = static_cast<int>(lambda.size()) - 1;
    if (degree != l || 2 * (l - f) + f > parity_count) return out;
    const std::vector<int> positions = chien_search(field, lambda, n);
    if (static_cast<int>(positions.size()) != degree) return out;
    std::vector<uint8_t> corrected(codeword, codeword + n);
    if (!forney(field, s, lambda, positions, corrected)) return out;
    const std::vector<int> check = rs_syndromes(field, corrected.data(), n, parity_count);
    if (!std::all_of(check.begin(), check.end(), [](int v) { return v == 0; })) return out;

    int errors = 0;
    for (int pos : positions)
        if (std::find(erasures.begin(), erasures.end(), pos) == erasures.end()) ++errors;
    std::copy(corrected.begin(), corrected.end(), codeword);
    out.ok = true;
    out.errors = errors;
    out.correction_margin = parity_count - 2 * errors - f;
    return out;
}

}  // namespace ckey
