// Every catalogue variant, GPU against CPU, for both kernel variants (table in a storage or a
// uniform buffer): within 1e-5 of the double reference and bit-identical to the float mirror.
#include <bit>
#include <cmath>
#include <vector>

#include "validation_log.hpp"

namespace {

struct catalogue_case {
  vknoise::catalogue_entry entry;
  vknoise::table_placement table;
};

// Test logs name the variant instead of dumping the parameter's bytes.
void PrintTo(const catalogue_case& c, std::ostream* os) {
  *os << c.entry.name
      << (c.table == vknoise::table_placement::storage_buffer ? " (storage)" : " (uniform)");
}

// The context is made and destroyed in the test body; any validation message, teardown's
// included, fails the test (validation_log.hpp).
class catalogue_gpu_test
    : public vknoise::validated_test<::testing::TestWithParam<catalogue_case>> {};

TEST_P(catalogue_gpu_test, matches_reference_and_mirror) {
  const catalogue_case& c = GetParam();
  auto ctx = vknoise::context::create(log_.validated());
  ASSERT_TRUE(ctx.ok()) << ctx.message();
  vknoise::renderer_options renderer_options;
  renderer_options.table = c.table;
  auto renderer = vknoise::gpu_renderer::create(**ctx, renderer_options);
  ASSERT_TRUE(renderer.ok()) << renderer.message();

  const vknoise::field_spec& field = c.entry.field;
  const auto table = vknoise::permutation_table::from_seed(2024);
  const std::size_t n = vknoise::value_count(field);
  std::vector<float> gpu(n), mirror(n);
  std::vector<double> reference(n);
  auto filled = (*renderer)->fill(field, table, gpu);
  ASSERT_TRUE(filled.ok()) << filled.message();
  ASSERT_TRUE(vknoise::fill_reference(field, table, std::span<double>(reference)).ok());
  ASSERT_TRUE(vknoise::fill_mirror(field, table, mirror).ok());

  double worst = 0, largest = 0;
  std::size_t identical = 0;
  for (std::size_t i = 0; i < n; ++i) {
    worst = std::max(worst, std::fabs(double(gpu[i]) - reference[i]));
    largest = std::max(largest, std::fabs(reference[i]));
    identical += std::bit_cast<std::uint32_t>(gpu[i]) == std::bit_cast<std::uint32_t>(mirror[i]);
  }
  EXPECT_LE(worst, vknoise::float_path_bound(field.noise, field.dims));
  EXPECT_EQ(identical, n) << "samples differing from the float mirror";
  EXPECT_GT(largest, 0.1) << "a field this flat proves little";
}

std::vector<catalogue_case> all_cases() {
  std::vector<catalogue_case> cases;
  for (const auto& entry : vknoise::catalogue()) {
    cases.push_back({entry, vknoise::table_placement::storage_buffer});
    cases.push_back({entry, vknoise::table_placement::uniform_buffer});
  }
  return cases;
}

std::string case_name(const ::testing::TestParamInfo<catalogue_case>& info) {
  std::string name;
  for (char ch : info.param.entry.name)
    name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return name +
         (info.param.table == vknoise::table_placement::storage_buffer ? "_storage" : "_uniform");
}

INSTANTIATE_TEST_SUITE_P(variants, catalogue_gpu_test, ::testing::ValuesIn(all_cases()), case_name);

}  // namespace
