// vknoise as the render backend of a Dear ImGui program: a window laid out like Dear ImGui's
// example_glfw_vulkan (set up Vulkan, set up the window, then per frame: new ImGui frame, panel,
// render, present), whose background is a vknoise field, recorded each frame into the program's
// own frame command buffer and drawn as a texture. The panel sets octaves, frequency and speed.
//   vknoise_imgui_host [--frames N] [--screenshot FILE.png] [--validate]
// --frames N stops after N frames; --screenshot writes the last frame as a PNG; --validate turns
// on the validation layer (with synchronization validation), and any message it reports makes
// the exit status 1.
#define GLFW_INCLUDE_NONE
#define GLFW_INCLUDE_VULKAN
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_vulkan.h>
#include <imgui.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "noise_texture.hpp"
#include "screenshot.hpp"
#include "texture_pass.hpp"
#include "vulkan_window.hpp"

namespace {

constexpr std::uint32_t kTextureWidth = 512;
constexpr std::uint32_t kTextureHeight = 288;

struct options {
  long frames = -1;  // until the window is closed
  std::string screenshot;
  bool validate = false;
};

options parse(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--frames" && i + 1 < argc) {
      o.frames = std::strtol(argv[++i], nullptr, 10);
    } else if (arg == "--screenshot" && i + 1 < argc) {
      o.screenshot = argv[++i];
    } else if (arg == "--validate") {
      o.validate = true;
    } else {
      std::fprintf(stderr,
                   "imgui_host: unknown option %s; usage: vknoise_imgui_host [--frames N] "
                   "[--screenshot FILE.png] [--validate]\n",
                   arg.c_str());
      std::exit(2);
    }
  }
  if (o.frames == 0 || (!o.screenshot.empty() && o.frames < 0)) {
    std::fprintf(stderr, "imgui_host: --frames must be positive (and given with --screenshot)\n");
    std::exit(2);
  }
  return o;
}

// What one frame draws into a render pass: the noise, then Dear ImGui's panel over it.
struct frame_pass {
  VkRenderPass render_pass;
  VkFramebuffer framebuffer;
};

void draw_frame(VkCommandBuffer cmd, const vulkan_window& vk, frame_pass pass,
                const texture_pass& texture, ImDrawData* draw_data) {
  const ImGui_ImplVulkanH_Window& wd = vk.window;
  VkRenderPassBeginInfo begin{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
  begin.renderPass = pass.render_pass;
  begin.framebuffer = pass.framebuffer;
  begin.renderArea.extent = {static_cast<std::uint32_t>(wd.Width),
                             static_cast<std::uint32_t>(wd.Height)};
  begin.clearValueCount = 1;
  begin.pClearValues = &wd.ClearValue;
  vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
  texture.draw(cmd, begin.renderArea.extent.width, begin.renderArea.extent.height);
  ImGui_ImplVulkan_RenderDrawData(draw_data, cmd);
  vkCmdEndRenderPass(cmd);
}

// Dear ImGui's FrameRender, with vknoise's record() before the render pass and its timeline
// point signalled by the frame's submission. With `shot`, the frame is drawn a second time into
// the screenshot's image and copied out.
void frame_render(vulkan_window& vk, ImDrawData* draw_data, noise_texture& noise,
                  const noise_settings& settings, double seconds, const texture_pass& texture,
                  const screenshot* shot) {
  ImGui_ImplVulkanH_Window& wd = vk.window;
  VkSemaphore acquired = wd.FrameSemaphores[wd.SemaphoreIndex].ImageAcquiredSemaphore;
  VkSemaphore rendered = wd.FrameSemaphores[wd.SemaphoreIndex].RenderCompleteSemaphore;
  VkResult r = vkAcquireNextImageKHR(vk.device, wd.Swapchain, UINT64_MAX, acquired, VK_NULL_HANDLE,
                                     &wd.FrameIndex);
  if (r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR) {
    vk.rebuild_swapchain = true;
    return;
  }
  check_vk(r, "vkAcquireNextImageKHR");
  ImGui_ImplVulkanH_Frame& fd = wd.Frames[wd.FrameIndex];
  check_vk(vkWaitForFences(vk.device, 1, &fd.Fence, VK_TRUE, 10'000'000'000ull), "vkWaitForFences");
  check_vk(vkResetFences(vk.device, 1, &fd.Fence), "vkResetFences");
  check_vk(vkResetCommandPool(vk.device, fd.CommandPool, 0), "vkResetCommandPool");
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check_vk(vkBeginCommandBuffer(fd.CommandBuffer, &begin), "vkBeginCommandBuffer");

  // vknoise writes this frame's field into the texture, outside the render pass.
  const vknoise::timeline_point point = noise.record(fd.CommandBuffer, settings, seconds);
  draw_frame(fd.CommandBuffer, vk, {wd.RenderPass, fd.Framebuffer}, texture, draw_data);
  if (shot) {
    draw_frame(fd.CommandBuffer, vk, {shot->render_pass(), shot->framebuffer()}, texture,
               draw_data);
    shot->record_copy(fd.CommandBuffer);
  }
  check_vk(vkEndCommandBuffer(fd.CommandBuffer), "vkEndCommandBuffer");

  // The swapchain's binary semaphores, and vknoise's timeline point (a value for each signal
  // semaphore; the binary one's is ignored).
  const VkSemaphore signals[2] = {rendered, point.semaphore};
  const std::uint64_t signal_values[2] = {0, point.value};
  const std::uint64_t wait_value = 0;
  VkTimelineSemaphoreSubmitInfo timeline{VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
  timeline.waitSemaphoreValueCount = 1;
  timeline.pWaitSemaphoreValues = &wait_value;
  timeline.signalSemaphoreValueCount = 2;
  timeline.pSignalSemaphoreValues = signal_values;
  const VkPipelineStageFlags wait_stage = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.pNext = &timeline;
  submit.waitSemaphoreCount = 1;
  submit.pWaitSemaphores = &acquired;
  submit.pWaitDstStageMask = &wait_stage;
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &fd.CommandBuffer;
  submit.signalSemaphoreCount = 2;
  submit.pSignalSemaphores = signals;
  check_vk(vkQueueSubmit(vk.queue, 1, &submit, fd.Fence), "vkQueueSubmit");
}

// Dear ImGui's FramePresent.
void frame_present(vulkan_window& vk) {
  if (vk.rebuild_swapchain) return;
  ImGui_ImplVulkanH_Window& wd = vk.window;
  VkSemaphore rendered = wd.FrameSemaphores[wd.SemaphoreIndex].RenderCompleteSemaphore;
  VkPresentInfoKHR info{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
  info.waitSemaphoreCount = 1;
  info.pWaitSemaphores = &rendered;
  info.swapchainCount = 1;
  info.pSwapchains = &wd.Swapchain;
  info.pImageIndices = &wd.FrameIndex;
  const VkResult r = vkQueuePresentKHR(vk.queue, &info);
  if (r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR) {
    vk.rebuild_swapchain = true;
    return;
  }
  check_vk(r, "vkQueuePresentKHR");
  wd.SemaphoreIndex = (wd.SemaphoreIndex + 1) % wd.ImageCount;
}

void glfw_error(int error, const char* description) {
  std::fprintf(stderr, "imgui_host: GLFW error %d: %s\n", error, description);
}

}  // namespace

int main(int argc, char** argv) {
  const options o = parse(argc, argv);

  // Set up GLFW and Vulkan, as Dear ImGui's example does.
  glfwSetErrorCallback(glfw_error);
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  GLFWwindow* window = glfwCreateWindow(800, 450, "vknoise imgui_host", nullptr, nullptr);
  if (!window || !glfwVulkanSupported()) {
    std::fprintf(stderr, "imgui_host: no window with Vulkan support\n");
    return 1;
  }
  std::uint32_t extension_count = 0;
  const char** extensions = glfwGetRequiredInstanceExtensions(&extension_count);
  vulkan_window vk;
  setup_vulkan(vk, extensions, extension_count, o.validate);
  VkSurfaceKHR surface = VK_NULL_HANDLE;
  check_vk(glfwCreateWindowSurface(vk.instance, window, nullptr, &surface),
           "glfwCreateWindowSurface");
  int width = 0, height = 0;
  glfwGetFramebufferSize(window, &width, &height);
  setup_vulkan_window(vk, surface, width, height);

  // Set up Dear ImGui.
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini beside the program
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForVulkan(window, true);
  ImGui_ImplVulkan_InitInfo init{};
  init.Instance = vk.instance;
  init.PhysicalDevice = vk.physical_device;
  init.Device = vk.device;
  init.QueueFamily = vk.queue_family;
  init.Queue = vk.queue;
  init.DescriptorPool = vk.imgui_pool;
  init.MinImageCount = vk.min_image_count;
  init.ImageCount = vk.window.ImageCount;
  init.CheckVkResultFn = [](VkResult r) { check_vk(r, "Dear ImGui's Vulkan backend"); };
  ImGui_ImplVulkan_Init(&init, vk.window.RenderPass);
  {
    // The font texture, uploaded once with a command buffer of the first frame.
    ImGui_ImplVulkanH_Frame& fd = vk.window.Frames[vk.window.FrameIndex];
    check_vk(vkResetCommandPool(vk.device, fd.CommandPool, 0), "vkResetCommandPool");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check_vk(vkBeginCommandBuffer(fd.CommandBuffer, &begin), "vkBeginCommandBuffer");
    ImGui_ImplVulkan_CreateFontsTexture(fd.CommandBuffer);
    check_vk(vkEndCommandBuffer(fd.CommandBuffer), "vkEndCommandBuffer");
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &fd.CommandBuffer;
    check_vk(vkQueueSubmit(vk.queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit");
    check_vk(vkDeviceWaitIdle(vk.device), "vkDeviceWaitIdle");
    ImGui_ImplVulkan_DestroyFontUploadObjects();
  }

  // vknoise on the program's device, and the program's pass that shows its texture.
  auto noise = std::make_unique<noise_texture>(vk, kTextureWidth, kTextureHeight);
  auto texture =
      std::make_unique<texture_pass>(vk, vk.window.RenderPass, noise->view(), noise->sampler());
  std::unique_ptr<screenshot> shot;
  noise_settings settings;

  // The main loop.
  for (long frame = 0; !glfwWindowShouldClose(window) && frame != o.frames; ++frame) {
    glfwPollEvents();
    if (vk.rebuild_swapchain) {
      glfwGetFramebufferSize(window, &width, &height);
      if (width > 0 && height > 0) {
        ImGui_ImplVulkan_SetMinImageCount(vk.min_image_count);
        ImGui_ImplVulkanH_CreateOrResizeWindow(vk.instance, vk.physical_device, vk.device,
                                               &vk.window, vk.queue_family, nullptr, width, height,
                                               vk.min_image_count);
        vk.window.FrameIndex = 0;
        vk.rebuild_swapchain = false;
      }
    }
    ImGui_ImplVulkan_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(12, 12), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(300, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("vknoise");
    ImGui::SliderInt("octaves", &settings.octaves, 1, 8);
    ImGui::SliderFloat("frequency", &settings.frequency, 0.5f, 16.0f);
    ImGui::SliderFloat("speed", &settings.speed, 0.0f, 2.0f);
    ImGui::Text("%.1f ms/frame", 1000.0f / ImGui::GetIO().Framerate);
    ImGui::End();
    ImGui::Render();
    ImDrawData* draw_data = ImGui::GetDrawData();

    const bool last = frame + 1 == o.frames;
    if (last && !o.screenshot.empty()) {
      // Dear ImGui's vertex buffers rotate per draw: with the device idle, drawing the frame a
      // second time overwrites none in use.
      check_vk(vkDeviceWaitIdle(vk.device), "vkDeviceWaitIdle");
      shot = std::make_unique<screenshot>(vk, vk.window.Width, vk.window.Height);
    }
    const double seconds = frame / 60.0;  // a fixed step: the same frames on any machine
    frame_render(vk, draw_data, *noise, settings, seconds, *texture, shot.get());
    frame_present(vk);
  }

  check_vk(vkDeviceWaitIdle(vk.device), "vkDeviceWaitIdle");
  int status = 0;
  if (shot && !shot->write_png(o.screenshot)) {
    std::fprintf(stderr, "imgui_host: cannot write %s\n", o.screenshot.c_str());
    status = 1;
  }
  shot.reset();

  // Clean up, as Dear ImGui's example does, vknoise first (it never destroys the program's
  // handles), so that the layer reports anything left alive when the device goes.
  texture.reset();
  noise.reset();
  ImGui_ImplVulkan_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  cleanup_vulkan_window(vk);
  cleanup_vulkan(vk);
  glfwDestroyWindow(window);
  glfwTerminate();
  const int messages = validation_message_count();
  std::printf("imgui_host: %ld frames, %d validation messages\n", o.frames, messages);
  return messages > 0 ? 1 : status;
}
