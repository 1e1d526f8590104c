// The file writers of src/io: each file is read back through its format's own library (or parsed
// by hand for the simple ones), and a failed write leaves no file behind.

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfInputFile.h>
#include <gif_lib.h>
#include <gtest/gtest.h>
#include <png.h>
#include <unistd.h>

#include <openvdb/openvdb.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "io/child_program.hpp"
#include "io/exr_writer.hpp"
#include "io/gif_writer.hpp"
#include "io/mp4_writer.hpp"
#include "io/npy_writer.hpp"
#include "io/nrrd_writer.hpp"
#include "io/png16_writer.hpp"
#include "io/vdb_writer.hpp"
#include "scratch_directory.hpp"
#include "vknoise/result.hpp"

namespace {

namespace fs = std::filesystem;
using vknoise::errc;

class IoWriters : public scratch_directory {};

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

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<float> floats_of(const std::string& bytes) {
  std::vector<float> values(bytes.size() / 4);
  std::memcpy(values.data(), bytes.data(), values.size() * 4);
  return values;
}

// Distinct values with awkward bits, zeros (the background of a VDB) and the range's ends.
std::vector<float> sample_values(std::size_t count) {
  std::vector<float> values(count);
  for (std::size_t i = 0; i < count; ++i) {
    values[i] = i % 5 == 0 ? 0.0f : std::sin(static_cast<float>(i) * 0.7f);
  }
  if (count > 2) values[1] = -1.0f, values[2] = 1.0f;
  return values;
}

// --- 16-bit PNG

TEST_F(IoWriters, Png16MapsLowToOneOntoTheFullRange) {
  const std::vector<float> values = {-1.0f, 1.0f, 0.0f, 2.0f, -3.0f, NAN};
  ASSERT_TRUE(vknoise::io::write_png_gray16(path("h.png"), 3, 2, values).ok());
  std::FILE* file = std::fopen(path("h.png").c_str(), "rb");
  ASSERT_NE(file, nullptr);
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  png_init_io(png, file);
  png_read_png(png, info, PNG_TRANSFORM_IDENTITY, nullptr);
  EXPECT_EQ(png_get_bit_depth(png, info), 16);
  EXPECT_EQ(png_get_color_type(png, info), PNG_COLOR_TYPE_GRAY);
  EXPECT_EQ(png_get_image_width(png, info), 3u);
  EXPECT_EQ(png_get_image_height(png, info), 2u);
  png_bytepp rows = png_get_rows(png, info);
  const std::vector<int> expected = {0, 65535, 32768, 65535, 0, 0};  // 32767.5 rounds up
  for (int i = 0; i < 6; ++i) {
    const png_bytep row = rows[i / 3];
    EXPECT_EQ(row[2 * (i % 3)] * 256 + row[2 * (i % 3) + 1], expected[i]) << i;
  }
  png_destroy_read_struct(&png, &info, nullptr);
  std::fclose(file);
}

TEST_F(IoWriters, Png16ErrorsLeaveNoFile) {
  const std::vector<float> values(4, 0.0f);
  EXPECT_EQ(vknoise::io::write_png_gray16(unwritable + ".png", 2, 2, values).error_value().code,
            errc::io_error);
  EXPECT_EQ(vknoise::io::write_png_gray16(path("h.png"), 3, 2, values).error_value().code,
            errc::invalid_argument);
  EXPECT_TRUE(entries().empty());
}

// --- NumPy

TEST_F(IoWriters, NpyHeaderIsPaddedAndDataFollows) {
  const std::vector<std::uint64_t> shape = {2, 3, 4};
  const std::vector<float> values = sample_values(24);
  ASSERT_TRUE(vknoise::io::write_npy_float32(path("f.npy"), shape, values).ok());
  const std::string bytes = read_all(path("f.npy"));
  ASSERT_GE(bytes.size(), 10u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  const std::size_t header_length =
      static_cast<unsigned char>(bytes[8]) + 256 * static_cast<unsigned char>(bytes[9]);
  EXPECT_EQ((10 + header_length) % 64, 0u);
  const std::string dictionary = bytes.substr(10, header_length);
  EXPECT_EQ(dictionary.rfind("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3, 4), }", 0),
            0u);
  EXPECT_EQ(dictionary.back(), '\n');
  EXPECT_EQ(floats_of(bytes.substr(10 + header_length)), values);
}

TEST_F(IoWriters, NpyOneAxisIsAOneTuple) {
  const std::vector<std::uint64_t> shape = {5};
  EXPECT_NE(vknoise::io::npy_header(shape).find("'shape': (5,), }"), std::string::npos);
  const std::vector<float> values(4);
  EXPECT_EQ(vknoise::io::write_npy_float32(path("f.npy"), shape, values).error_value().code,
            errc::invalid_argument);
  EXPECT_EQ(vknoise::io::write_npy_float32(unwritable + ".npy", {}, std::vector<float>(1))
                .error_value()
                .code,
            errc::io_error);
  EXPECT_TRUE(entries().empty());
}

// --- NRRD

TEST_F(IoWriters, NrrdWritesHeaderAndRawData) {
  vknoise::io::nrrd_volume volume;
  volume.sizes = {4, 3};
  volume.spacings = {0.5, 0.25};
  volume.origin = {1.0, -2.0};
  volume.channels = 3;
  const std::vector<float> values = sample_values(36);
  ASSERT_TRUE(vknoise::io::write_nrrd(path("v.nhdr"), volume, values).ok());
  EXPECT_EQ(entries(), (std::vector<std::string>{"v.nhdr", "v.raw"}));
  const std::string header = read_all(path("v.nhdr"));
  EXPECT_EQ(header.rfind("NRRD0004\n", 0), 0u);
  for (const char* line :
       {"type: float\n", "dimension: 3\n", "sizes: 3 4 3\n",
        "space directions: none (0.5,0) (0,0.25)\n", "kinds: vector domain domain\n",
        "space origin: (1,-2)\n", "endian: little\n", "encoding: raw\n", "data file: v.raw\n"}) {
    EXPECT_NE(header.find(line), std::string::npos) << line << header;
  }
  EXPECT_EQ(floats_of(read_all(path("v.raw"))), values);
}

TEST_F(IoWriters, NrrdErrorsLeaveNeitherFile) {
  vknoise::io::nrrd_volume volume;
  volume.sizes = {2};
  volume.spacings = {1.0};
  volume.origin = {0.0};
  const std::vector<float> values(2);
  EXPECT_EQ(vknoise::io::write_nrrd(unwritable + ".nhdr", volume, values).error_value().code,
            errc::io_error);
  EXPECT_EQ(
      vknoise::io::write_nrrd(path("v.nhdr"), volume, std::vector<float>(3)).error_value().code,
      errc::invalid_argument);
  // The header's directory is writable, its data file's name is a directory: no header appears.
  fs::create_directory(path("d.raw"));
  EXPECT_EQ(vknoise::io::write_nrrd(path("d.nhdr"), volume, values).error_value().code,
            errc::io_error);
  EXPECT_EQ(entries(), std::vector<std::string>{"d.raw"});
}

// --- OpenEXR

TEST_F(IoWriters, ExrReadsBackEveryChannelExactly) {
  const std::vector<std::string> names = {"Y", "dYdx", "dYdy"};
  const std::uint32_t w = 5, h = 4;
  const std::vector<float> values = sample_values(w * h * 3);
  ASSERT_TRUE(vknoise::io::write_exr_float(path("i.exr"), w, h, names, values).ok());
  Imf::InputFile file(path("i.exr").c_str());
  const Imath::Box2i window = file.header().dataWindow();
  EXPECT_EQ(window.max.x - window.min.x + 1, 5);
  EXPECT_EQ(window.max.y - window.min.y + 1, 4);
  EXPECT_EQ(file.header().lineOrder(), Imf::INCREASING_Y);
  std::vector<float> read(values.size());
  Imf::FrameBuffer frame;
  for (std::size_t c = 0; c < 3; ++c) {
    ASSERT_NE(file.header().channels().findChannel(names[c]), nullptr) << names[c];
    EXPECT_EQ(file.header().channels().findChannel(names[c])->type, Imf::FLOAT);
    frame.insert(names[c], Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(read.data() + c),
                                      3 * sizeof(float), 3 * sizeof(float) * w));
  }
  file.setFrameBuffer(frame);
  file.readPixels(window.min.y, window.max.y);
  EXPECT_EQ(read, values);
}

TEST_F(IoWriters, ExrErrorsLeaveNoFile) {
  const std::vector<std::string> names = {"Y"};
  const std::vector<float> values(4);
  EXPECT_EQ(
      vknoise::io::write_exr_float(unwritable + ".exr", 2, 2, names, values).error_value().code,
      errc::io_error);
  EXPECT_EQ(vknoise::io::write_exr_float(path("i.exr"), 2, 3, names, values).error_value().code,
            errc::invalid_argument);
  EXPECT_TRUE(entries().empty());
}

// --- OpenVDB

TEST_F(IoWriters, VdbStoresEverySampleWithTheTransform) {
  vknoise::io::vdb_volume volume;
  volume.size = {5, 4, 3};
  volume.step = {0.5, 0.5, 0.25};
  volume.origin = {1.0, 2.0, -3.0};
  const std::vector<float> values = sample_values(60);
  ASSERT_TRUE(vknoise::io::write_vdb_density(path("v.vdb"), volume, values).ok());
  EXPECT_EQ(entries(), std::vector<std::string>{"v.vdb"});
  openvdb::initialize();
  openvdb::io::File file(path("v.vdb"));
  file.open();
  auto base = file.readGrid("density");
  file.close();
  auto grid = openvdb::gridPtrCast<openvdb::FloatGrid>(base);
  ASSERT_TRUE(grid);
  EXPECT_EQ(grid->getGridClass(), openvdb::GRID_FOG_VOLUME);
  EXPECT_EQ(grid->activeVoxelCount(), 60u);
  auto accessor = grid->getConstAccessor();
  std::size_t index = 0;
  for (int k = 0; k < 3; ++k) {
    for (int j = 0; j < 4; ++j) {
      for (int i = 0; i < 5; ++i, ++index) {
        EXPECT_EQ(accessor.getValue(openvdb::Coord(i, j, k)), values[index]) << index;
        EXPECT_TRUE(accessor.isValueOn(openvdb::Coord(i, j, k)));
      }
    }
  }
  const openvdb::Vec3d world = grid->indexToWorld(openvdb::Coord(2, 3, 1));
  EXPECT_DOUBLE_EQ(world.x(), 2.0);
  EXPECT_DOUBLE_EQ(world.y(), 3.5);
  EXPECT_DOUBLE_EQ(world.z(), -2.75);
}

TEST_F(IoWriters, VdbErrorsLeaveNoFile) {
  vknoise::io::vdb_volume volume;
  volume.size = {2, 2, 1};
  const std::vector<float> values(4);
  EXPECT_EQ(vknoise::io::write_vdb_density(unwritable + ".vdb", volume, values).error_value().code,
            errc::io_error);
  EXPECT_EQ(vknoise::io::write_vdb_density(path("v.vdb"), volume, std::vector<float>(3))
                .error_value()
                .code,
            errc::invalid_argument);
  volume.step[1] = 0.0;
  EXPECT_EQ(vknoise::io::write_vdb_density(path("v.vdb"), volume, values).error_value().code,
            errc::invalid_argument);
  EXPECT_TRUE(entries().empty());
}

// --- MP4 (ffmpeg is optional: each branch is tested where it applies)

TEST_F(IoWriters, Mp4NeedsFfmpeg) {
  std::vector<std::vector<std::uint8_t>> frames(3, std::vector<std::uint8_t>(6 * 4 * 3, 100));
  const auto written = vknoise::io::write_mp4(path("m.mp4"), 6, 4, frames, 25.0);
  if (vknoise::io::check_mp4_tools().ok()) {
    ASSERT_TRUE(written.ok()) << written.message();
    EXPECT_EQ(entries(), std::vector<std::string>{"m.mp4"});
    EXPECT_EQ(read_all(path("m.mp4")).substr(4, 4), "ftyp");
  } else {
    ASSERT_FALSE(written.ok());
    EXPECT_NE(
        written.message().find("ffmpeg is not installed (apt-get install ffmpeg) or use .gif"),
        std::string::npos);
    EXPECT_TRUE(entries().empty());
  }
  EXPECT_EQ(vknoise::io::write_mp4(path("m.mp4"), 6, 4, frames, 0.0).error_value().code,
            errc::invalid_argument);
}

// A stand-in for ffmpeg, first on PATH while it lives: a shell script that takes its input as
// ffmpeg does, writes `video` to its output (the last argument) and `message` to stderr, and exits
// with `exit_status`. The real ffprobe judges what it wrote.
class fake_ffmpeg {
 public:
  fake_ffmpeg(const fs::path& directory, const std::string& video, const std::string& message,
              int exit_status, bool reads_input = true)
      : old_path_(std::getenv("PATH")) {
    fs::create_directories(directory);
    std::ofstream(directory / "ffmpeg")
        << "#!/bin/sh\n"
        << (reads_input ? "cat >/dev/null\n" : "") << "for a; do out=$a; done\nprintf '" << video
        << "' >\"$out\"\necho \"" << message << "\" >&2\nexit " << exit_status << "\n";
    fs::permissions(directory / "ffmpeg", fs::perms::owner_all);
    ::setenv("PATH", (directory.string() + ":" + old_path_).c_str(), 1);
  }
  ~fake_ffmpeg() { ::setenv("PATH", old_path_.c_str(), 1); }

 private:
  std::string old_path_;
};

// ffmpeg 5.1 exits 0 after "Error writing trailer of ...: No space left on device", leaving a
// video without its index: the writer decodes what ffmpeg wrote and counts its frames before the
// rename, so the existing file stays, and the error says why in one line of its own. Nothing of
// ffmpeg's or ffprobe's reaches stderr; tool_output gets all of it.
TEST_F(IoWriters, Mp4FromAnFfmpegThatExitsZeroOnAFullDiskIsRefused) {
  ASSERT_TRUE(vknoise::io::check_mp4_tools().ok()) << "ffmpeg is part of make deps";
  std::ofstream(path("e.mp4")) << "a good video";
  std::vector<std::vector<std::uint8_t>> frames(3, std::vector<std::uint8_t>(6 * 4 * 3, 100));
  const fake_ffmpeg ffmpeg(path("bin"), "\\000\\000\\000\\040ftypisom",
                           "[mp4 @ 0x55d0c0a8] Error writing trailer of /dev/fd/3: No space left "
                           "on device",
                           0);
  std::string tool_output;
  testing::internal::CaptureStderr();
  const auto written = vknoise::io::write_mp4(path("e.mp4"), 6, 4, frames, 25.0, &tool_output);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error_value().code, errc::io_error);
  const std::string expected =
      "cannot write " + path("e.mp4") + ": ffmpeg wrote an incomplete video (";
  EXPECT_EQ(written.message().substr(0, expected.size()), expected) << written.message();
  const std::string ffmpeg_said =
      "; ffmpeg: Error writing trailer of " + path("e.mp4") + ": No space left on device)";
  EXPECT_TRUE(written.message().ends_with(ffmpeg_said)) << written.message();
  EXPECT_EQ(written.message().find('\n'), std::string::npos);
  EXPECT_EQ(read_all(path("e.mp4")), "a good video");
  EXPECT_EQ(entries(), (std::vector<std::string>{"bin", "e.mp4"}));
  EXPECT_NE(
      tool_output.find("ffmpeg: [mp4 @ 0x55d0c0a8] Error writing trailer of " + path("e.mp4")),
      std::string::npos)
      << tool_output;
  EXPECT_NE(tool_output.find("\nffprobe: "), std::string::npos) << tool_output;
}

// An ffmpeg that fails at once, without reading its input (12 MB, far more than a socket
// buffers): the writer neither blocks nor dies of SIGPIPE, and reports ffmpeg's last line.
TEST_F(IoWriters, Mp4FromAnFfmpegThatStopsReadingIsRefused) {
  std::ofstream(path("e.mp4")) << "a good video";
  std::vector<std::vector<std::uint8_t>> frames(64, std::vector<std::uint8_t>(256 * 256 * 3, 100));
  const fake_ffmpeg ffmpeg(path("bin"), "", "Conversion failed!", 1, /*reads_input=*/false);
  const auto written = vknoise::io::write_mp4(path("e.mp4"), 256, 256, frames, 25.0);
  EXPECT_EQ(written.message(),
            "cannot write " + path("e.mp4") + ": ffmpeg failed (Conversion failed!)");
  EXPECT_EQ(read_all(path("e.mp4")), "a good video");
  EXPECT_EQ(entries(), (std::vector<std::string>{"bin", "e.mp4"}));
}

// The line an error quotes from ffmpeg: its last, without the component's address, and the line
// with the reason where the last one only points to it ("... -- ").
TEST(ProgramOutput, TheLastLineSaysWhy) {
  using vknoise::io::last_line;
  EXPECT_EQ(last_line("a\nError writing trailer of e.mp4: No space left on device\n\n"),
            "Error writing trailer of e.mp4: No space left on device");
  EXPECT_EQ(last_line("[mp4 @ 0x55d0c0a8] moov atom not found\r\n"), "moov atom not found");
  EXPECT_EQ(last_line("Could not write header for output file #0 (incorrect codec parameters ?): "
                      "No space left on device\nError initializing output stream 0:0 -- \n"),
            "Could not write header for output file #0 (incorrect codec parameters ?): No space "
            "left on device");
  EXPECT_EQ(last_line("Error initializing output stream 0:0 -- \n"),
            "Error initializing output stream 0:0 --");
  EXPECT_EQ(last_line(" \n\n"), "");
  EXPECT_EQ(last_line(std::string(300, 'x'), 20), std::string(17, 'x') + "...");
}

// A failing ffmpeg (both codecs tried) is reported with its last line; the file stays.
TEST_F(IoWriters, Mp4FromAFailingFfmpegIsRefused) {
  std::ofstream(path("e.mp4")) << "a good video";
  std::vector<std::vector<std::uint8_t>> frames(2, std::vector<std::uint8_t>(6 * 4 * 3, 100));
  const fake_ffmpeg ffmpeg(path("bin"), "", "Unknown encoder", 1);
  testing::internal::CaptureStderr();
  const auto written = vknoise::io::write_mp4(path("e.mp4"), 6, 4, frames, 25.0);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(written.message(),
            "cannot write " + path("e.mp4") + ": ffmpeg failed (Unknown encoder)");
  EXPECT_EQ(read_all(path("e.mp4")), "a good video");
  EXPECT_EQ(entries(), (std::vector<std::string>{"bin", "e.mp4"}));
}

}  // namespace
