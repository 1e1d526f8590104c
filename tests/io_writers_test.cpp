// The file writers of src/io: each file is read back through its format's own library (or parsed
// by hand for the simple ones), and a failed write leaves no file behind.

#include <gif_lib.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "io/gif_writer.hpp"
#include "vknoise/result.hpp"

namespace {

namespace fs = std::filesystem;
using vknoise::errc;

// A fresh directory per test, removed afterwards.
class IoWriters : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "vknoise_io_XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // The directory holds exactly these names (no temporary files left over).
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_)) {
      names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
  }
  fs::path dir_;
};

const std::string unwritable = "/nonexistent/vknoise/out";

// --- GIF

struct gif_closer {
  void operator()(GifFileType* gif) const { DGifCloseFile(gif, nullptr); }
};

TEST_F(IoWriters, GifRoundTripsTwoRgbFramesWithDelayAndLoop) {
  const std::uint32_t w = 5, h = 3;
  std::vector<std::vector<std::uint8_t>> frames(2, std::vector<std::uint8_t>(w * h * 3));
  // Few distinct colours, so the quantiser keeps every one exactly (multiples of 8: 5 bits).
  for (std::uint32_t i = 0; i < w * h; ++i) {
    frames[0][3 * i] = static_cast<std::uint8_t>((i % 4) * 64);
    frames[0][3 * i + 1] = 128;
    frames[1][3 * i + 2] = static_cast<std::uint8_t>((i % 3) * 96);
  }
  ASSERT_TRUE(vknoise::io::write_gif(path("a.gif"), w, h, frames, 7).ok());
  EXPECT_EQ(entries(), std::vector<std::string>{"a.gif"});

  int code = 0;
  std::unique_ptr<GifFileType, gif_closer> gif(DGifOpenFileName(path("a.gif").c_str(), &code));
  ASSERT_TRUE(gif);
  ASSERT_EQ(DGifSlurp(gif.get()), GIF_OK);
  EXPECT_EQ(gif->SWidth, 5);
  EXPECT_EQ(gif->SHeight, 3);
  ASSERT_EQ(gif->ImageCount, 2);
  ASSERT_NE(gif->SColorMap, nullptr);
  for (int f = 0; f < 2; ++f) {
    GraphicsControlBlock control{};
    ASSERT_EQ(DGifSavedExtensionToGCB(gif.get(), f, &control), GIF_OK);
    EXPECT_EQ(control.DelayTime, 7);
    const SavedImage& image = gif->SavedImages[f];
    for (std::uint32_t i = 0; i < w * h; ++i) {
      const GifColorType c = gif->SColorMap->Colors[image.RasterBits[i]];
      EXPECT_EQ(c.Red, frames[f][3 * i]) << f << " " << i;
      EXPECT_EQ(c.Green, frames[f][3 * i + 1]) << f << " " << i;
      EXPECT_EQ(c.Blue, frames[f][3 * i + 2]) << f << " " << i;
    }
  }
  // The loop extension sits before the first image.
  bool loops = false;
  for (int i = 0; i < gif->SavedImages[0].ExtensionBlockCount; ++i) {
    const ExtensionBlock& block = gif->SavedImages[0].ExtensionBlocks[i];
    if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
        std::string(reinterpret_cast<char*>(block.Bytes), 11) == "NETSCAPE2.0") {
      loops = true;
    }
  }
  EXPECT_TRUE(loops);
}

TEST_F(IoWriters, GifGrayKeepsEveryLevel) {
  std::vector<std::vector<std::uint8_t>> frames(1, std::vector<std::uint8_t>(256));
  for (int i = 0; i < 256; ++i) frames[0][i] = static_cast<std::uint8_t>(255 - i);
  ASSERT_TRUE(vknoise::io::write_gif_gray(path("g.gif"), 16, 16, frames, 0, false).ok());
  int code = 0;
  std::unique_ptr<GifFileType, gif_closer> gif(DGifOpenFileName(path("g.gif").c_str(), &code));
  ASSERT_TRUE(gif);
  ASSERT_EQ(DGifSlurp(gif.get()), GIF_OK);
  ASSERT_EQ(gif->ImageCount, 1);
  for (int i = 0; i < 256; ++i) {
    EXPECT_EQ(gif->SColorMap->Colors[gif->SavedImages[0].RasterBits[i]].Red, 255 - i);
  }
}

TEST_F(IoWriters, GifRejectsBadArgumentsAndLeavesNoFile) {
  std::vector<std::vector<std::uint8_t>> frames(1, std::vector<std::uint8_t>(4 * 4 * 3));
  EXPECT_EQ(vknoise::io::write_gif(path("a.gif"), 4, 4, {}, 5).error_value().code,
            errc::invalid_argument);
  EXPECT_EQ(vknoise::io::write_gif(path("a.gif"), 4, 5, frames, 5).error_value().code,
            errc::invalid_argument);
  EXPECT_EQ(vknoise::io::write_gif(path("a.gif"), 4, 4, frames, -1).error_value().code,
            errc::invalid_argument);
  EXPECT_EQ(vknoise::io::write_gif(path("a.gif"), 70000, 1, frames, 5).error_value().code,
            errc::out_of_range);
  EXPECT_EQ(vknoise::io::write_gif(unwritable + ".gif", 4, 4, frames, 5).error_value().code,
            errc::io_error);
  EXPECT_TRUE(entries().empty());
}

}  // namespace
