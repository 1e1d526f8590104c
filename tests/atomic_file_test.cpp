// The one way vknoise writes a file (core/staged_file.hpp, and io/atomic_file.hpp on top for the
// command line): the target changes only on commit, every temporary file is gone afterwards,
// whatever happened, and the command line's signal registry sees each temporary file for exactly
// as long as it exists.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/splitmix64.hpp"
#include "core/staged_file.hpp"
#include "io/atomic_file.hpp"
#include "scratch_directory.hpp"
#include "vknoise/result.hpp"

namespace {

namespace fs = std::filesystem;
using vknoise::errc;
using vknoise::detail::staged_file;
using vknoise::detail::temporary_file_tracker;

class AtomicFile : public scratch_directory {};

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_all(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::span<const std::byte> bytes_of(const std::string& text) {
  return std::as_bytes(std::span(text.data(), text.size()));
}

// Records what a tracker is told: the paths tracked (and whether each existed yet), the tokens
// still outstanding.
struct tracker_log {
  std::vector<std::string> tracked;
  std::vector<bool> existed_when_tracked;
  std::vector<int> outstanding;
};
tracker_log tracker_calls;

const temporary_file_tracker recording_tracker{
    [](const std::string& path) {
      tracker_calls.tracked.push_back(path);
      tracker_calls.existed_when_tracked.push_back(fs::exists(path));
      const int token = static_cast<int>(tracker_calls.tracked.size()) - 1;
      tracker_calls.outstanding.push_back(token);
      return token;
    },
    [](int token) {
      const auto it =
          std::find(tracker_calls.outstanding.begin(), tracker_calls.outstanding.end(), token);
      ASSERT_NE(it, tracker_calls.outstanding.end()) << "token " << token << " untracked twice";
      tracker_calls.outstanding.erase(it);
    }};

TEST_F(AtomicFile, TargetChangesOnlyOnCommit) {
  write_all(path("out.bin"), "old");
  auto file = staged_file::create(path("out.bin"));
  ASSERT_TRUE(file.ok()) << file.message();
  ASSERT_TRUE(file->write(bytes_of("new contents")).ok());
  EXPECT_EQ(read_all(path("out.bin")), "old");
  // The temporary file sits next to the target, hidden, named after it.
  const std::string temporary = fs::path(file->temporary_path()).filename().string();
  EXPECT_EQ(temporary.rfind(".out.bin.tmp.", 0), 0u) << temporary;
  EXPECT_EQ(temporary.size(), std::string(".out.bin.tmp.").size() + 6);
  EXPECT_EQ(entries(), (std::vector<std::string>{temporary, "out.bin"}));
  ASSERT_TRUE(file->commit().ok());
  EXPECT_EQ(read_all(path("out.bin")), "new contents");
  EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
}

TEST_F(AtomicFile, GetsTheUsualPermissions) {
  const ::mode_t old_mask = ::umask(022);
  auto file = staged_file::create(path("out.bin"));
  ::umask(old_mask);
  ASSERT_TRUE(file.ok()) << file.message();
  ASSERT_TRUE(file->commit().ok());
  struct stat written {};
  ASSERT_EQ(::stat(path("out.bin").c_str(), &written), 0);
  EXPECT_EQ(written.st_mode & 0777, 0644u);
}

TEST_F(AtomicFile, WithoutCommitTheTargetStaysAndTheTemporaryFileGoes) {
  write_all(path("out.bin"), "old");
  {
    auto file = staged_file::create(path("out.bin"));
    ASSERT_TRUE(file.ok()) << file.message();
    ASSERT_TRUE(file->write(bytes_of("half")).ok());
  }
  EXPECT_EQ(read_all(path("out.bin")), "old");
  EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
}

TEST_F(AtomicFile, AMovedFromFileCannotCommit) {
  auto file = staged_file::create(path("out.bin"));
  ASSERT_TRUE(file.ok()) << file.message();
  staged_file moved = std::move(file.value());
  const auto refused = file->commit();
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error_value().code, errc::io_error);
  EXPECT_NE(refused.message().find("Bad file descriptor"), std::string::npos) << refused.message();
  ASSERT_TRUE(moved.commit().ok());
  EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
}

// OpenVDB and ffmpeg write the temporary file by name: close() first, commit() renames only.
TEST_F(AtomicFile, AWriterByNameClosesFirst) {
  auto file = staged_file::create(path("out.vdb"));
  ASSERT_TRUE(file.ok()) << file.message();
  ASSERT_TRUE(file->close().ok());
  write_all(file->temporary_path(), "written by name");
  ASSERT_TRUE(file->commit().ok());
  EXPECT_EQ(read_all(path("out.vdb")), "written by name");
  EXPECT_EQ(entries(), std::vector<std::string>{"out.vdb"});
}

TEST_F(AtomicFile, RefusesADirectoryAFifoAndAMissingDirectory) {
  fs::create_directory(path("dir"));
  auto directory = staged_file::create(path("dir"));
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.error_value().code, errc::io_error);
  EXPECT_EQ(directory.message(), "cannot write " + path("dir") + ": Is a directory");

  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  auto fifo = staged_file::create(path("fifo"));
  ASSERT_FALSE(fifo.ok());
  EXPECT_EQ(fifo.message(), "cannot write " + path("fifo") + ": not a regular file");
  EXPECT_TRUE(fs::is_fifo(path("fifo")));

  const std::string missing = path("missing/out.bin");
  const auto status = vknoise::detail::write_file_atomically(missing, bytes_of("x"));
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error_value().code, errc::io_error);
  EXPECT_EQ(status.message(), "cannot write " + missing + ": No such file or directory");
  EXPECT_EQ(entries(), (std::vector<std::string>{"dir", "fifo"}));
}

TEST_F(AtomicFile, TheTrackerSeesEachTemporaryFileWhileItExists) {
  tracker_calls = {};
  {
    auto committed = staged_file::create(path("a.bin"), &recording_tracker);
    ASSERT_TRUE(committed.ok()) << committed.message();
    auto discarded = staged_file::create(path("b.bin"), &recording_tracker);
    ASSERT_TRUE(discarded.ok()) << discarded.message();
    EXPECT_EQ(tracker_calls.tracked,
              (std::vector<std::string>{committed->temporary_path(), discarded->temporary_path()}));
    EXPECT_EQ(tracker_calls.outstanding, (std::vector<int>{0, 1}));
    ASSERT_TRUE(committed->commit().ok());
    EXPECT_EQ(tracker_calls.outstanding, std::vector<int>{1});
  }
  EXPECT_TRUE(tracker_calls.outstanding.empty());
  // Tracked before it was created, so a signal during open() still finds it.
  EXPECT_EQ(tracker_calls.existed_when_tracked, (std::vector<bool>{false, false}));
  // A file that could not be created is untracked at once.
  EXPECT_FALSE(vknoise::detail::write_file_atomically(path("missing/c.bin"), bytes_of("x"),
                                                      &recording_tracker)
                   .ok());
  EXPECT_EQ(tracker_calls.tracked.size(), 3u);
  EXPECT_TRUE(tracker_calls.outstanding.empty());
  EXPECT_EQ(entries(), std::vector<std::string>{"a.bin"});
}

// The command line's atomic_file is the same writer with the signal registry as its tracker.
TEST_F(AtomicFile, TheCommandLinesWriterWritesTheSameWay) {
  ASSERT_TRUE(vknoise::io::write_file_atomically(path("out.bin"), bytes_of("whole")).ok());
  EXPECT_EQ(read_all(path("out.bin")), "whole");
  ASSERT_TRUE(vknoise::io::check_writable(path("probe.bin")).ok());
  EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
  const auto refused = vknoise::io::check_writable(path("missing/out.bin"));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message(),
            "cannot write " + path("missing/out.bin") + ": No such file or directory");
}

// Names up to NAME_MAX can be written: the temporary name keeps the random suffix and as much of
// the name as fits (issue: 240 to 255 characters failed with "File name too long").
TEST_F(AtomicFile, NamesUpToNameMaxCanBeWritten) {
  for (const std::size_t length : {240u, 243u, 244u, 250u, 255u}) {
    const std::string name = std::string(length - 4, 'n') + ".raw";
    auto file = staged_file::create(path(name));
    ASSERT_TRUE(file.ok()) << length << ": " << file.message();
    const std::string temporary = fs::path(file->temporary_path()).filename().string();
    EXPECT_LE(temporary.size(), 255u);
    EXPECT_EQ(temporary.substr(0, 1 + std::min<std::size_t>(length, 243)),
              std::string(".") + name.substr(0, std::min<std::size_t>(length, 243)));
    EXPECT_EQ(temporary.substr(temporary.size() - 11, 5), ".tmp.");
    ASSERT_TRUE(file->write(bytes_of("long")).ok());
    ASSERT_TRUE(file->commit().ok());
    EXPECT_EQ(read_all(path(name)), "long");
    fs::remove(path(name));
  }
  // A name cut in the middle of a UTF-8 character is cut before it.
  std::string accented = std::string(242, 'a') + "\xc3\xa9" + ".raw";  // 248 bytes, é at 242
  auto file = staged_file::create(path(accented));
  ASSERT_TRUE(file.ok()) << file.message();
  EXPECT_EQ(fs::path(file->temporary_path()).filename().string().substr(0, 244),
            std::string(".") + std::string(242, 'a') + ".");
  EXPECT_EQ(staged_file::create(path(std::string(256, 'n'))).message(),
            "cannot write " + path(std::string(256, 'n')) + ": File name too long");
}

// The process's tracker serves every file created without a tracker of its own (the library's
// caches), and not one created with its own.
TEST_F(AtomicFile, TheProcessTrackerSeesFilesWithoutATrackerOfTheirOwn) {
  tracker_calls = {};
  vknoise::detail::set_process_temporary_file_tracker(&recording_tracker);
  ASSERT_TRUE(vknoise::detail::write_file_atomically(path("cache.spv"), bytes_of("x")).ok());
  vknoise::detail::set_process_temporary_file_tracker(nullptr);
  ASSERT_TRUE(vknoise::detail::write_file_atomically(path("other.spv"), bytes_of("x")).ok());
  ASSERT_EQ(tracker_calls.tracked.size(), 1u);
  EXPECT_EQ(fs::path(tracker_calls.tracked[0]).filename().string().substr(0, 15),
            ".cache.spv.tmp.");
  EXPECT_TRUE(tracker_calls.outstanding.empty());
}

// Temporary files left by a killed process go once they are old; fresh ones (being written) and
// other files stay.
TEST_F(AtomicFile, StaleTemporaryFilesAreRemoved) {
  const auto age = [&](const std::string& name, long seconds) {
    write_all(path(name), "x");
    const auto when = fs::file_time_type::clock::now() - std::chrono::seconds(seconds);
    fs::last_write_time(path(name), when);
  };
  age(".0123abcd.spv.tmp.AbC123", 7200);  // stale: removed
  age(".4567.spv.tmp.xyz789", 600);       // ten minutes: may still be written
  age("0123abcd.spv", 7200);              // a cache file
  age(".notes.txt.tmp.AbC123", 7200);     // another target's
  age(".0123.spv.tmp.AbC12", 7200);       // not a staged_file name (5 characters)
  EXPECT_EQ(vknoise::detail::remove_stale_temporary_files(dir_.string(), ".spv", 3600), 1u);
  EXPECT_EQ(entries(), (std::vector<std::string>{".0123.spv.tmp.AbC12", ".4567.spv.tmp.xyz789",
                                                 ".notes.txt.tmp.AbC123", "0123abcd.spv"}));
  EXPECT_EQ(vknoise::detail::remove_stale_temporary_files(path("missing"), ".spv", 3600), 0u);
}

// The temporary names draw from a SplitMix64 state shared by all threads: mix() of the advanced
// state is exactly what next() returns, so both are the one generator.
TEST(SplitMix64, MixOfTheAdvancedStateIsNext) {
  for (const std::uint64_t seed : {0ull, 1ull, 0x123456789abcdefull, ~0ull}) {
    vknoise::detail::splitmix64 generator(seed);
    std::uint64_t state = seed;
    for (int i = 0; i < 4; ++i) {
      state += vknoise::detail::splitmix64::increment;
      EXPECT_EQ(generator.next(), vknoise::detail::splitmix64::mix(state));
    }
  }
  // The published first output for seed 0 (Vigna's splitmix64.c).
  EXPECT_EQ(vknoise::detail::splitmix64(0).next(), 0xE220A8397B1DCDAFull);
}

}  // namespace
