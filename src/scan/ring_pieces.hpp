// Stage 3b, first: a ring broken into pieces. At half resolution a thin ring
// turned toward 45 degrees can break where it meets the band or a corner
// key, into two or three components. Each is a candidate whose quadrilateral
// covers part of the symbol, so each fails. Failed rings of one polarity
// whose boxes overlap are joined: the hull of their corners, when it is a
// quadrilateral, is the outline of the whole ring.
#pragma once

#include "candidates.hpp"

#include <vector>

namespace ckey {

// The outlines of the groups of two or more overlapping pieces (one polarity
// each) whose joined quadrilateral has sides from min_side to max_side, in
// the pieces' coordinates, in the order of each group's first piece.
void join_ring_pieces(const std::vector<RingCandidate> &pieces, double min_side, double max_side,
                      std::vector<RingCandidate> &out);

}  // namespace ckey
