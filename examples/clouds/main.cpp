// vknoise_clouds: an animated layer of clouds. Each frame, vknoise renders a 4D fBm density
// volume (x, z across the sky, altitude, time) on the GPU; clouds_march.comp, on the same device,
// raymarches it from the ground with Beer-Lambert lighting; the frames are saved as PNGs and an
// animated preview, or shown live with --window. The scene itself (field and shader) is
// src/scenes/clouds.cpp, shared with the window.

#include "demo_run.hpp"
#include "scenes/scene.hpp"

int main(int argc, char** argv) {
  return demo::main(argc, argv, vknoise::scenes::clouds());
}
