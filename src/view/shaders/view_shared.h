// What the window's host code and its shaders share: the bindings and push-constant blocks of the
// slice, heightfield and volume passes and of the clouds of a baked texture set. Included by GLSL
// and by C++ (which static_asserts the sizes). Members are 4-byte scalars only, so std430
// push-constant offsets equal C++ offsets. (The ocean and live clouds passes are the demos'
// shaders, with their own blocks: src/scenes/.)
#ifndef VKNOISE_VIEW_SHARED_H
#define VKNOISE_VIEW_SHARED_H

#ifdef __cplusplus
#include <cstdint>
namespace vknoise::view::shader {
using uint = std::uint32_t;
#endif

// Every pass: binding 0 the field as vknoise wrote it (floats, `channels` per sample, layout of
// field.hpp), binding 1 the picture (RGBA8 packed in a uint, row 0 at the top), binding 2 the
// slice pass's overlay (the CPU mirror's difference, one float per pixel; unused elsewhere),
// binding 3 the slice's colour maps (vec4 viridis[256], then vec4 diverging[256]: a buffer, as a
// constant array indexed per pixel is copied into every invocation on some drivers).
#define VIEW_BINDING_FIELD 0
#define VIEW_BINDING_PIXELS 1
#define VIEW_BINDING_OVERLAY 2
#define VIEW_BINDING_COLORMAPS 3
#define VIEW_BINDING_COUNT 4
// The baked clouds' pass (--mode clouds --textures DIR) has four combined image samplers after the
// buffers, one sampler for all (linear, linear between mips, REPEAT on every axis).
#define VIEW_BINDING_CLOUD_BASE 4     // 3D RGBA8: Perlin-Worley, then three Worley fBms
#define VIEW_BINDING_CLOUD_EROSION 5  // 3D RGBA8: three Worley fBms
#define VIEW_BINDING_CLOUD_CURL 6     // 2D RGBA8: curl noise, each component c as c * 0.5 + 0.5
#define VIEW_BINDING_CLOUD_WEATHER 7  // 2D RG8: coverage, cloud type
#define VIEW_CLOUD_TEXTURE_COUNT 4
#define VIEW_COLORMAP_ENTRIES 256
#define VIEW_LOCAL_SIZE 8  // local_size_x and _y of every pass

// Colour maps of the slice pass (view_settings.hpp names them).
#define VIEW_COLORMAP_GRAY 0
#define VIEW_COLORMAP_VIRIDIS 1
#define VIEW_COLORMAP_DIVERGING 2
#define VIEW_COLORMAP_RGB 3   // channels 0..2 as red, green, blue (a graph of three outputs)
#define VIEW_COLORMAP_HEAT 4  // the overlay: 0 black, `high` white

struct slice_params {
  uint width;       // pixels = field samples per row
  uint height;      // rows
  uint channels;    // floats per sample
  uint colormap;    // VIEW_COLORMAP_*
  float low;        // the value shown as the map's first colour (gray: black)
  float high;       // and as its last (gray: white)
  uint field_rows;  // rows of the field: the picture's height, or 1 for a 1D field (every row)
  uint pad0;
};

struct orbit_params {
  uint width;  // picture
  uint height;
  uint n;          // samples per side of the field (heightfield n x n, volume n x n x n)
  uint channels;   // floats per sample: 1, or 1 + dims with the derivatives
  float yaw;       // camera around the vertical axis, radians
  float pitch;     // above the horizon, radians
  float distance;  // from the centre, in units of the field's side
  float relief;    // heightfield: height of a value of 1 (side = 1); volume: density gain
  float low;       // the field's value range shown (heightfield colours, volume threshold)
  float high;
  float step;        // the field's sample spacing in noise units (derivatives to slopes)
  uint derivatives;  // 1: channels 1 and 2 are d/dx and d/dy; 0: normals from differences
};

// The baked clouds: the demo's camera, sun and layer (src/scenes/clouds.cpp), textures in world
// units of one tile each.
struct clouds_baked_params {
  uint width;  // picture
  uint height;
  float base;  // altitude of the layer's bottom
  float top;   // and of its top
  float sun_x;
  float sun_y;
  float sun_z;
  float wind;          // how far the layer has drifted along x (world units)
  float shape_tile;    // world size of one tile of the base volume (on every axis)
  float detail_tile;   // of the erosion volume
  float weather_tile;  // of the weather map across the ground (the curl map's is shape_tile)
  float coverage;      // added to the weather map's coverage
};

#ifdef __cplusplus
static_assert(sizeof(slice_params) == 32);
static_assert(sizeof(clouds_baked_params) == 48);
static_assert(sizeof(orbit_params) == 48);
// The colour map buffer: vec4 per entry, viridis then diverging (colormap_tables.hpp).
static_assert(VIEW_COLORMAP_ENTRIES == 256);
}  // namespace vknoise::view::shader
#endif

#endif
