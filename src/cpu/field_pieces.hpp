// A field cut into pieces of about a given number of samples, each a field of its own (a region of
// the whole: the same origin and step, its region start moved), so that filling the pieces one by
// one, in any order and on any thread, writes the whole field's values bit for bit. A piece holds
// whole extents of the axes below one axis and a run along that axis, so its values are
// contiguous in the whole field's storage.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>

#include "core/cancelled.hpp"
#include "vknoise/field.hpp"
#include "vknoise/stop_check.hpp"

namespace vknoise::cpu {

class field_pieces {
 public:
  // `field` must be valid (validate passed); target_samples >= 1.
  field_pieces(const field_spec& field, std::uint64_t target_samples) : field_(field) {
    // The first axis whose whole extent, with those below it, exceeds the target is cut.
    while (axis_ < 3 && below_ * field.size[axis_] <= target_samples) below_ *= field.size[axis_++];
    run_ = std::clamp<std::uint64_t>(target_samples / below_, 1, field.size[axis_]);
    runs_per_line_ = (field.size[axis_] + run_ - 1) / run_;
    std::uint64_t lines = 1;
    for (int a = axis_ + 1; a < 4; ++a) lines *= field.size[a];
    count_ = lines * runs_per_line_;
  }

  std::uint64_t count() const { return count_; }

  // Piece i (< count()); its values start at value first_sample(i) * channels of the whole.
  field_spec piece(std::uint64_t i) const {
    field_spec p = field_;
    std::uint64_t line = i / runs_per_line_;
    const std::uint64_t start = (i % runs_per_line_) * run_;
    p.size[axis_] =
        static_cast<std::uint32_t>(std::min<std::uint64_t>(run_, field_.size[axis_] - start));
    p.region[axis_] += start;
    for (int a = axis_ + 1; a < 4; ++a) {
      p.size[a] = 1;
      p.region[a] += line % field_.size[a];
      line /= field_.size[a];
    }
    return p;
  }
  std::uint64_t first_sample(std::uint64_t i) const {
    return ((i / runs_per_line_) * field_.size[axis_] + (i % runs_per_line_) * run_) * below_;
  }

 private:
  field_spec field_;
  int axis_ = 0;
  std::uint64_t below_ = 1;  // samples of the axes below axis_ together
  std::uint64_t run_ = 1;    // entries of axis_ per piece
  std::uint64_t runs_per_line_ = 1;
  std::uint64_t count_ = 1;
};

// fill(piece, values) for each piece of a valid field in storage order, `out` holding the whole
// field's values, asking should_stop before each: detail::cancelled(call) when it says stop, else
// the first error of a piece. Makes a one-loop fill on the calling thread (fill_reference,
// fill_mirror) stoppable without changing its values.
template <class T, class Fill>
status fill_in_pieces(const field_spec& field, std::span<T> out, std::uint64_t target_samples,
                      const stop_check& should_stop, const char* call, Fill&& fill) {
  const field_pieces pieces(field, target_samples);
  const std::uint64_t channels = channel_count(field);
  for (std::uint64_t i = 0; i < pieces.count(); ++i) {
    if (should_stop && should_stop()) return detail::cancelled(call);
    const field_spec piece = pieces.piece(i);
    const status done =
        fill(piece, out.subspan(pieces.first_sample(i) * channels, sample_count(piece) * channels));
    if (!done) return done;
  }
  return {};
}

}  // namespace vknoise::cpu
