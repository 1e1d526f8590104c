// permutation_table: Perlin's canonical table, seeded tables, and caller tables.
//
// The seeded prefixes come from tests/golden/generate_golden.py, an independent implementation of
// the algorithm documented in permutation.hpp (SplitMix64 + Fisher-Yates with rejection).

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "vknoise/permutation.hpp"
#include "vknoise/result.hpp"

namespace {

struct seeded_prefix {
  std::uint64_t seed;
  std::array<int, 16> prefix;
};

#include "golden/perlin_permutation.hpp"
#include "golden/permutation_golden.inc"

using vknoise_test::kPerlin;

bool is_permutation_of_0_255(const std::array<std::uint8_t, 256>& values) {
  std::array<bool, 256> seen{};
  for (std::uint8_t v : values) {
    if (seen[v]) return false;
    seen[v] = true;
  }
  return true;
}

std::vector<int> as_ints(const vknoise::permutation_table& table) {
  return std::vector<int>(table.values().begin(), table.values().end());
}

std::vector<int> identity() {
  std::vector<int> v(256);
  std::iota(v.begin(), v.end(), 0);
  return v;
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

TEST(PermutationPerlin, MatchesCanonicalTable) {
  const vknoise::permutation_table table = vknoise::permutation_table::perlin();
  for (int i = 0; i < 256; ++i) {
    EXPECT_EQ(static_cast<int>(table.values()[i]), kPerlin[i]) << "index " << i;
  }
}

TEST(PermutationPerlin, DoubledRepeatsValues) {
  const vknoise::permutation_table table = vknoise::permutation_table::perlin();
  ASSERT_EQ(table.doubled().size(), 512u);
  for (int i = 0; i < 512; ++i) {
    EXPECT_EQ(table.doubled()[i], kPerlin[i & 255]) << "index " << i;
    EXPECT_EQ(table.doubled()[i], static_cast<std::int32_t>(table.values()[i & 255]))
        << "index " << i;
  }
}

TEST(PermutationPerlin, AllValuesAreDistinct) {
  const vknoise::permutation_table table = vknoise::permutation_table::perlin();
  std::set<int> distinct(table.values().begin(), table.values().end());
  EXPECT_EQ(distinct.size(), 256u);
}

TEST(PermutationPerlin, EqualsCanonicalValuesThroughFromValues) {
  auto table = vknoise::permutation_table::from_values(kPerlin);
  ASSERT_TRUE(table.ok()) << table.message();
  EXPECT_TRUE(table.value() == vknoise::permutation_table::perlin());
}

TEST(PermutationSeeded, DoubledRepeatsValues) {
  for (std::uint64_t seed : {0ull, 1ull, 0xDEADBEEFull, ~0ull}) {
    const vknoise::permutation_table table = vknoise::permutation_table::from_seed(seed);
    for (int i = 0; i < 512; ++i) {
      EXPECT_EQ(table.doubled()[i], static_cast<std::int32_t>(table.values()[i & 255]))
          << "seed " << seed << " index " << i;
    }
  }
}

TEST(PermutationSeeded, IsAPermutationForManySeeds) {
  std::vector<std::uint64_t> seeds;
  for (std::uint64_t s = 0; s < 300; ++s) seeds.push_back(s);
  for (std::uint64_t s : {0xDEADBEEFull, 0x9E3779B97F4A7C15ull, 0x8000000000000000ull, ~0ull,
                          ~0ull - 1, 1ull << 32, 123456789012345ull}) {
    seeds.push_back(s);
  }
  for (std::uint64_t seed : seeds) {
    EXPECT_TRUE(is_permutation_of_0_255(vknoise::permutation_table::from_seed(seed).values()))
        << "seed " << seed;
  }
}

TEST(PermutationSeeded, IsDeterministic) {
  for (std::uint64_t seed : {0ull, 1ull, 42ull, 0xDEADBEEFull, ~0ull}) {
    const vknoise::permutation_table a = vknoise::permutation_table::from_seed(seed);
    const vknoise::permutation_table b = vknoise::permutation_table::from_seed(seed);
    EXPECT_TRUE(a == b) << "seed " << seed;
    EXPECT_EQ(a.values(), b.values()) << "seed " << seed;
    EXPECT_EQ(a.doubled(), b.doubled()) << "seed " << seed;
  }
}

TEST(PermutationSeeded, DifferentSeedsGiveDifferentTables) {
  std::set<std::array<std::uint8_t, 256>> tables;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const vknoise::permutation_table table = vknoise::permutation_table::from_seed(seed);
    EXPECT_TRUE(tables.insert(table.values()).second) << "seed " << seed << " repeats a table";
    EXPECT_FALSE(table == vknoise::permutation_table::perlin()) << "seed " << seed;
  }
  EXPECT_FALSE(vknoise::permutation_table::from_seed(1) ==
               vknoise::permutation_table::from_seed(2));
}

TEST(PermutationSeeded, MatchesIndependentImplementation) {
  ASSERT_GE(std::size(kSeededPrefixes), 2u);
  for (const seeded_prefix& golden : kSeededPrefixes) {
    const vknoise::permutation_table table = vknoise::permutation_table::from_seed(golden.seed);
    for (int i = 0; i < 16; ++i) {
      EXPECT_EQ(static_cast<int>(table.values()[i]), golden.prefix[i])
          << "from_seed(0x" << std::hex << golden.seed << std::dec << ") index " << i;
    }
  }
}

TEST(PermutationSeeded, GoldenPrefixesForSeedsOneAndDeadbeef) {
  // The same data as the generated table, spelled out for the two seeds the format documents.
  const std::array<int, 16> seed1 = {86,  84,  62,  52, 122, 157, 182, 140,
                                     247, 197, 187, 40, 10,  127, 164, 99};
  const std::array<int, 16> deadbeef = {35,  112, 53,  29,  235, 51, 208, 171,
                                        222, 175, 204, 250, 243, 62, 93,  125};
  const auto t1 = vknoise::permutation_table::from_seed(1);
  const auto t2 = vknoise::permutation_table::from_seed(0xDEADBEEF);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(static_cast<int>(t1.values()[i]), seed1[i]) << "from_seed(1) index " << i;
    EXPECT_EQ(static_cast<int>(t2.values()[i]), deadbeef[i]) << "from_seed(0xDEADBEEF) index " << i;
  }
}

TEST(PermutationFromValues, ValidTablesRoundTrip) {
  const std::vector<int> perlin(kPerlin.begin(), kPerlin.end());
  auto a = vknoise::permutation_table::from_values(perlin);
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(as_ints(a.value()), perlin);
  for (int i = 0; i < 512; ++i) EXPECT_EQ(a.value().doubled()[i], kPerlin[i & 255]);

  const std::vector<int> id = identity();
  auto b = vknoise::permutation_table::from_values(id);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_EQ(as_ints(b.value()), id);
  for (int i = 0; i < 512; ++i) EXPECT_EQ(b.value().doubled()[i], i & 255);

  const auto seeded = vknoise::permutation_table::from_seed(99);
  const std::vector<int> seeded_values = as_ints(seeded);
  auto c = vknoise::permutation_table::from_values(seeded_values);
  ASSERT_TRUE(c.ok()) << c.message();
  EXPECT_TRUE(c.value() == seeded);
  EXPECT_EQ(c.value().doubled(), seeded.doubled());
}

void expect_invalid(const std::vector<int>& values, const std::vector<std::string>& any_of,
                    const char* what) {
  auto r = vknoise::permutation_table::from_values(values);
  ASSERT_FALSE(r.ok()) << what;
  EXPECT_EQ(r.error_value().code, vknoise::errc::invalid_argument) << what;
  EXPECT_FALSE(r.message().empty()) << what;
  bool mentioned = false;
  for (const std::string& s : any_of) mentioned = mentioned || contains(r.message(), s);
  EXPECT_TRUE(mentioned) << what << ": message \"" << r.message()
                         << "\" does not name the index or length";
}

TEST(PermutationFromValues, RejectsDuplicate) {
  std::vector<int> v = identity();
  v[137] = 20;  // 20 now appears at 20 and 137; 137 is the first bad index
  expect_invalid(v, {"137"}, "duplicate at index 137");
}

TEST(PermutationFromValues, RejectsDuplicateInPerlinTable) {
  std::vector<int> v(kPerlin.begin(), kPerlin.end());
  v[201] = v[3];  // 91 at 3 and at 201
  expect_invalid(v, {"201"}, "duplicate at index 201");
}

TEST(PermutationFromValues, RejectsValue256) {
  std::vector<int> v = identity();
  v[200] = 256;
  expect_invalid(v, {"200"}, "256 at index 200");
}

TEST(PermutationFromValues, RejectsNegativeValue) {
  std::vector<int> v = identity();
  v[77] = -1;
  expect_invalid(v, {"77"}, "-1 at index 77");
}

TEST(PermutationFromValues, RejectsWrongLength) {
  std::vector<int> short_values = identity();
  short_values.pop_back();  // 255 entries, 0..254, all distinct
  expect_invalid(short_values, {"255", "256"}, "255 entries");

  std::vector<int> long_values = identity();
  long_values.push_back(0);  // 257 entries
  expect_invalid(long_values, {"256", "257"}, "257 entries");

  expect_invalid({}, {"0", "256"}, "no entries");
}

}  // namespace
