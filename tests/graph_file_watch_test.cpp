// The window's graph file watch (src/view/graph_file_watch.hpp) without a window: new content is
// news once, a rewrite in the same second with the same size is still seen, and every state a
// file can take is a problem reported once, after which good content is news again.
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "scratch_directory.hpp"
#include "view/graph_file_watch.hpp"

namespace vknoise::view {
namespace {

class GraphFileWatch : public scratch_directory {
 protected:
  void write(const std::string& text) {
    std::ofstream(path("g.json"), std::ios::binary | std::ios::trunc) << text;
  }
  std::optional<graph_file_news> poll() { return watch_.poll(path("g.json")); }
  graph_file_watch watch_{64};
};

TEST_F(GraphFileWatch, NewContentIsNewsOnce) {
  write("first");
  auto news = poll();
  ASSERT_TRUE(news && news->text);
  EXPECT_EQ(*news->text, "first");
  EXPECT_FALSE(poll());
  EXPECT_FALSE(poll());
}

TEST_F(GraphFileWatch, RewriteOfTheSameSizeInTheSameSecondIsSeen) {
  write("aaaa");
  ASSERT_TRUE(poll());
  // Written in place, at once: the same size, and a modification time that may not have moved.
  write("bbbb");
  auto news = poll();
  ASSERT_TRUE(news && news->text);
  EXPECT_EQ(*news->text, "bbbb");
}

TEST_F(GraphFileWatch, EveryBadStateIsReportedOnceThenGoodContentIsNews) {
  write("good");
  ASSERT_TRUE(poll());
  const auto expect_problem = [&](const std::string& part) {
    auto news = poll();
    ASSERT_TRUE(news && news->problem) << part;
    EXPECT_NE(news->problem->find(part), std::string::npos) << *news->problem;
    EXPECT_FALSE(poll()) << part << ": reported again";
  };
  std::filesystem::remove(path("g.json"));
  expect_problem("No such file or directory");
  std::filesystem::create_directory(path("g.json"));
  expect_problem("is a directory");
  std::filesystem::remove(path("g.json"));
  ASSERT_EQ(::mkfifo(path("g.json").c_str(), 0600), 0);
  expect_problem("is a FIFO");
  std::filesystem::remove(path("g.json"));
  std::filesystem::create_symlink("/dev/zero", path("g.json"));
  expect_problem("is a character device");
  std::filesystem::remove(path("g.json"));
  write(std::string(65, 'x'));  // over the watch's limit of 64 bytes
  expect_problem("larger than 64 bytes");
  // The same content as before the problems: news again, the file is readable once more.
  write("good");
  auto news = poll();
  ASSERT_TRUE(news && news->text);
  EXPECT_EQ(*news->text, "good");
}

TEST_F(GraphFileWatch, ANewPathStartsAfresh) {
  write("same");
  ASSERT_TRUE(poll());
  std::ofstream(path("other.json"), std::ios::binary) << "same";
  auto news = watch_.poll(path("other.json"));
  ASSERT_TRUE(news && news->text);
  EXPECT_EQ(*news->text, "same");
}

}  // namespace
}  // namespace vknoise::view
