// The window's storage buffers against maxStorageBufferRange (src/view/storage_limit.hpp): the
// picture a window is drawn from, and the fields that are refused.
#include <gtest/gtest.h>

#include "view/storage_limit.hpp"

namespace vknoise::view {
namespace {

constexpr std::uint64_t lavapipe_limit = std::uint64_t{1} << 27;  // lavapipe's 128 MiB

frame_plan planned(const view_settings& s, std::uint32_t width, std::uint32_t height) {
  auto parsed = parse_settings_field(s);
  EXPECT_TRUE(parsed.ok());
  auto plan = plan_frame(s, parsed->field, parsed->table, width, height, 0.0);
  EXPECT_TRUE(plan.ok()) << (plan ? "" : plan.message());
  return *plan;
}

TEST(StorageLimit, FittedPictureKeepsTheShapeAndFits) {
  EXPECT_EQ(fitted_picture(6000, 6000, 4, lavapipe_limit), (std::pair{5792u, 5792u}));
  EXPECT_EQ(fitted_picture(8192, 4096, 4, lavapipe_limit), (std::pair{8192u, 4096u}));
  const auto [w, h] = fitted_picture(8193, 4096, 4, lavapipe_limit);
  EXPECT_LE(std::uint64_t{w} * h * 4, lavapipe_limit);
  EXPECT_GE(w, 8180u);
  EXPECT_EQ(fitted_picture(16384, 16384, 12, 100), (std::pair{2u, 2u}));
  EXPECT_EQ(fitted_picture(16384, 1, 16, 8), (std::pair{1u, 1u}));
}

TEST(StorageLimit, TheLargestPictureThatFitsIsAccepted) {
  view_settings s;
  s.field.dims = "2";
  EXPECT_FALSE(storage_excess(s, planned(s, 8192, 4096), lavapipe_limit));
  auto over = storage_excess(s, planned(s, 8193, 4096), lavapipe_limit);
  ASSERT_TRUE(over);
  EXPECT_TRUE(over->picture);
  EXPECT_NE(over->message.find("134234112 bytes"), std::string::npos) << over->message;
}

TEST(StorageLimit, ASliceFieldOfFourChannelsCountsSixteenBytesAPixel) {
  view_settings s;
  s.field.dims = "3";
  s.field.noise.gradient = true;  // the value and its 3 derivatives
  const frame_plan plan = planned(s, 64, 64);
  ASSERT_EQ(channel_count(plan.field), 4);
  EXPECT_EQ(bytes_per_picture_pixel(s, plan), 16u);
  EXPECT_EQ(fitted_picture(4096, 4096, 16, lavapipe_limit), (std::pair{2896u, 2896u}));
  s.mode = view_mode::heightfield;  // the picture alone grows with the window: 4 bytes a pixel
  EXPECT_EQ(bytes_per_picture_pixel(s, planned(s, 64, 64)), 4u);
}

TEST(StorageLimit, AHeightfieldGridTooLargeIsRefusedNamingTheGrid) {
  view_settings s;
  s.mode = view_mode::heightfield;
  s.grid = 4096;
  auto over = storage_excess(s, planned(s, 64, 64), lavapipe_limit);
  ASSERT_TRUE(over);
  EXPECT_FALSE(over->picture);
  EXPECT_NE(over->message.find("choose a smaller grid"), std::string::npos) << over->message;
  s.grid = 1024;
  EXPECT_FALSE(storage_excess(s, planned(s, 64, 64), lavapipe_limit));
}

}  // namespace
}  // namespace vknoise::view
