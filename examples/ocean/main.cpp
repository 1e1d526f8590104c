// vknoise_ocean: an animated ocean. Each frame, vknoise renders a periodic fBm heightfield of
// (x, y, t) with its analytic derivatives on the GPU; ocean_shade.comp, on the same device, ray
// casts and shades it; the frames are saved as PNGs (and an animated preview), or shown live with
// --window. The scene itself (field and shader) is src/scenes/ocean.cpp, shared with the window.

#include "demo_run.hpp"
#include "scenes/scene.hpp"

int main(int argc, char** argv) {
  return demo::main(argc, argv, vknoise::scenes::ocean());
}
