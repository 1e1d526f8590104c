// The window's settings without a window: --set, the render command line of what is on screen,
// the slice's pan and zoom and the orbit camera (src/view/view_settings.hpp), and that the field
// the settings describe is render's (src/view/view_frame.hpp).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "view/view_frame.hpp"
#include "view/view_settings.hpp"
#include "vknoise/graph.hpp"

namespace vknoise::view {
namespace {

field_spec parsed(const view_settings& s) {
  auto f = parse_settings_field(s);
  EXPECT_TRUE(f.ok()) << (f ? "" : f.message());
  return f ? f->field : field_spec{};
}

TEST(ViewSettings, SetTakesRendersFlagsAndTheViewsOwn) {
  view_settings s;
  for (const char* a :
       {"dims=4",     "fractal=fbm",       "octaves=6",  "origin=1,2,3,4", "step=0.25",
        "smooth=off", "octave-offsets=on", "seed=7",     "mode=volume",    "colormap=viridis",
        "panel=off",  "play=off",          "speed=2",    "loop=8",         "time=0.5",
        "diff=on",    "grid=128",          "volume=32",  "layers=16",      "scene-octaves=6",
        "yaw=1",      "pitch=0.2",         "distance=3", "relief=0.5"}) {
    EXPECT_TRUE(apply_setting(s, a).ok()) << a;
  }
  EXPECT_EQ(s.field.dims, "4");
  EXPECT_EQ(s.field.noise.octaves, "6");
  EXPECT_TRUE(s.field.noise.octave_offsets);
  EXPECT_EQ(s.common.seed, "7");
  EXPECT_EQ(s.mode, view_mode::volume);
  EXPECT_EQ(s.colours, colour_map::viridis);
  EXPECT_FALSE(s.panel);
  EXPECT_FALSE(s.play);
  EXPECT_TRUE(s.diff);
  EXPECT_EQ(s.speed, 2.0);
  EXPECT_EQ(s.loop, 8.0);
  EXPECT_EQ(s.grid, 128u);
  EXPECT_EQ(s.volume, 32u);
  EXPECT_EQ(s.layers, 16u);
  EXPECT_EQ(s.scene_octaves, 6);
  EXPECT_EQ(s.distance, 3.0);

  const field_spec f = parsed(s);
  EXPECT_EQ(f.dims, 4);
  EXPECT_EQ(f.noise.fractal, fractal_kind::fbm);
  EXPECT_EQ(f.noise.octaves, 6);
  EXPECT_EQ(f.origin[3], 4.0);
  EXPECT_EQ(f.step[2], 0.25);
}

TEST(ViewSettings, SetRefusesWhatItDoesNotKnowNamingTheKey) {
  view_settings s;
  for (const char* a :
       {"colour=red", "panel=maybe", "mode=cube", "colormap=jet", "grid=1", "volume=0", "pitch=2",
        "distance=0.1", "scene-octaves=17", "speed=fast", "noequals", "=3", "time=nan"}) {
    const status st = apply_setting(s, a);
    ASSERT_FALSE(st.ok()) << a;
    EXPECT_EQ(st.error_value().code, errc::invalid_argument) << a;
    const std::string key = std::string(a).substr(0, std::string(a).find('='));
    EXPECT_NE(st.message().find(key), std::string::npos) << st.message();
  }
  // A field value is taken as text and refused, with render's message, when the field is
  // checked.
  view_settings t;
  ASSERT_TRUE(apply_setting(t, "octaves=99").ok());
  ASSERT_TRUE(apply_setting(t, "fractal=fbm").ok());
  const status checked = check_settings(t);
  ASSERT_FALSE(checked.ok());
  EXPECT_NE(checked.message().find("octaves is 99"), std::string::npos) << checked.message();
  ASSERT_TRUE(apply_setting(t, "octaves=x").ok());
  const status malformed = check_settings(t);
  ASSERT_FALSE(malformed.ok());
  EXPECT_NE(malformed.message().find("--octaves"), std::string::npos) << malformed.message();
}

TEST(ViewSettings, RenderCommandSpellsTheFieldOnScreenExactly) {
  view_settings s;
  ASSERT_TRUE(apply_setting(s, "seed=42").ok());
  field_spec f;
  f.dims = 3;
  f.size = {640, 360, 1, 1};
  f.origin = {0.1, -2.5, 1e6 + 0.125, 0};
  f.step = {1.0 / 64, 1.0 / 64, 1.0 / 64, 1};
  f.noise.fractal = fractal_kind::ridged;
  f.noise.octaves = 5;
  f.noise.persistence = 0.45;
  f.noise.period = {8, 8, 0, 0};
  EXPECT_EQ(render_command(s, f, "a b.png"),
            "vknoise render --dims 3 --fractal ridged --octaves 5 --persistence 0.45 "
            "--lacunarity 2 --period 8,8,0 --size 640x360x1 --origin 0.1,-2.5,1000000.125 "
            "--step 0.015625 --seed 42 --out 'a b.png'");
  f.step[1] = 0.5;
  EXPECT_NE(render_command(s, f, "x.npy").find("--step 0.015625,0.5,0.015625 "), std::string::npos);
  f.noise = noise_spec{};
  f.noise.kind = noise_kind::cellular;
  f.noise.distance = cellular_distance::chebyshev;
  f.noise.returns = cellular_return::f2_minus_f1;
  f.noise.jitter = 0.5;
  EXPECT_NE(render_command(s, f, "c.png")
                .find("--noise cellular --cellular-distance chebyshev --cellular-return f2-f1 "
                      "--cellular-jitter 0.5 --size"),
            std::string::npos)
      << render_command(s, f, "c.png");
  // A graph no file holds (the clouds scene's) has no command.
  f.noise_graph = std::make_shared<const graph>(graph::from_noise(noise_spec{}, 3).value());
  EXPECT_EQ(render_command(s, f, "c.png").rfind("none: ", 0), 0u);
  EXPECT_EQ(exact_number(0.1), "0.1");
  EXPECT_EQ(exact_number(1.0 / 3), "0.3333333333333333");
}

TEST(ViewSettings, PanMovesTheOriginByPixelsAndZoomKeepsTheCursorsSample) {
  view_settings s;
  ASSERT_TRUE(apply_setting(s, "dims=2").ok());
  ASSERT_TRUE(apply_setting(s, "origin=10,20").ok());
  ASSERT_TRUE(apply_setting(s, "step=0.5").ok());
  field_spec f = parsed(s);
  // Dragging right and down by (4, -6) pixels shows what was left and below: origin - d * step.
  pan_and_zoom(s, f, 4, -6, 0, 0, 0);
  f = parsed(s);
  EXPECT_EQ(f.origin[0], 8.0);
  EXPECT_EQ(f.origin[1], 23.0);
  EXPECT_EQ(f.step[0], 0.5);
  // Zooming in by 3 wheel steps at pixel (100, 40): the position there stays the same.
  const double x_before = f.origin[0] + 100 * f.step[0];
  const double y_before = f.origin[1] + 40 * f.step[1];
  pan_and_zoom(s, f, 0, 0, 3, 100, 40);
  f = parsed(s);
  EXPECT_NEAR(f.step[0], 0.5 * 0.729, 1e-15);
  EXPECT_NEAR(f.origin[0] + 100 * f.step[0], x_before, 1e-12);
  EXPECT_NEAR(f.origin[1] + 40 * f.step[1], y_before, 1e-12);
}

TEST(ViewSettings, OrbitTurnsAndStaysWithinItsLimits) {
  view_settings s;
  const double yaw = s.yaw;
  orbit(s, 100, 0, 0);
  EXPECT_NEAR(s.yaw, yaw - 1.0, 1e-12);
  orbit(s, 0, 1000, 0);
  EXPECT_EQ(s.pitch, 1.5);
  orbit(s, 0, -10000, 0);
  EXPECT_EQ(s.pitch, -1.5);
  orbit(s, 0, 0, -1000);
  EXPECT_EQ(s.distance, 20.0);
  orbit(s, 0, 0, 1000);
  EXPECT_EQ(s.distance, 0.5);
}

TEST(ViewFrame, EachModePlansItsFieldAndRefusesFieldsItCannotShow) {
  view_settings s;
  ASSERT_TRUE(apply_setting(s, "time=0.75").ok());
  const field_spec base = parsed(s);
  auto slice = plan_frame(s, base, permutation_table::perlin(), 64, 48, 0);
  ASSERT_TRUE(slice.ok()) << slice.message();
  EXPECT_EQ(slice->field.size, (std::array<std::uint32_t, 4>{64, 48, 1, 1}));
  EXPECT_EQ(slice->field.origin[2], 0.75);  // time runs along z in 3D
  s.mode = view_mode::heightfield;
  auto height = plan_frame(s, base, permutation_table::perlin(), 64, 48, 0);
  ASSERT_TRUE(height.ok()) << height.message();
  EXPECT_EQ(height->field.size, (std::array<std::uint32_t, 4>{256, 256, 1, 1}));
  EXPECT_TRUE(height->field.noise.gradient);  // lit by the analytic derivatives
  s.mode = view_mode::clouds;
  auto clouds = plan_frame(s, base, permutation_table::perlin(), 64, 48, 2.0);
  ASSERT_TRUE(clouds.ok()) << clouds.message();
  EXPECT_EQ(clouds->field.dims, 4);
  EXPECT_EQ(clouds->field.origin[3], 1.0);  // the scene's own clock, in seconds
  s.mode = view_mode::volume;
  ASSERT_TRUE(apply_setting(s, "dims=2").ok());
  ASSERT_TRUE(apply_setting(s, "time=0").ok());
  const status refused = check_settings(s);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("volume view needs a field of 3 dims"), std::string::npos);
}

}  // namespace
}  // namespace vknoise::view
