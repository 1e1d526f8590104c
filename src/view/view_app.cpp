#include "view/view_app.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_vulkan.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "cli/output_file.hpp"
#include "io/png_writer.hpp"
#include "scenes/scene.hpp"
#include "view/cloud_textures.hpp"
#include "view/colormap_tables.hpp"
#include "view/field_stats.hpp"
#include "view/graph_file_watch.hpp"
#include "view/panel.hpp"
#include "view/shade_pass.hpp"
#include "view/storage_limit.hpp"
#include "view/swapchain.hpp"
#include "view/view_frame.hpp"
#include "view_clouds_baked_spv.hpp"
#include "view_heightfield_spv.hpp"
#include "view_shared.h"
#include "view_slice_spv.hpp"
#include "view_volume_spv.hpp"
#include "vknoise/context.hpp"
#include "vknoise/graph.hpp"
#include "vknoise/recorder.hpp"

namespace vknoise::view {
namespace {

using clock_type = std::chrono::steady_clock;

constexpr std::uint32_t slot_count = 2;
// Longest wait for one frame: a frame takes well under a second even on a CPU driver.
constexpr std::uint64_t frame_timeout_ns = 10'000'000'000ull;
// Timestamps per frame: start, field written, picture shaded (and blitted), panel drawn.
constexpr std::uint32_t timestamps = 4;
// Fields larger than this are not read back for the readouts (exports still are).
constexpr std::uint64_t readout_values_max = 16u << 20;

double ms_between(clock_type::time_point a, clock_type::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Dear ImGui's Vulkan backend reports its VkResults through a plain function: the first failure
// is kept here and turned into an error after each call into the backend.
VkResult imgui_failure = VK_SUCCESS;
void on_imgui_result(VkResult r) {
  if (r != VK_SUCCESS && imgui_failure == VK_SUCCESS) imgui_failure = r;
}
status imgui_ok(const char* call) {
  const VkResult r = imgui_failure;
  imgui_failure = VK_SUCCESS;
  return vk_ok(r, call);
}

// Everything one frame in flight owns.
struct frame_slot {
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  VkSemaphore acquired = VK_NULL_HANDLE;
  VkQueryPool queries = VK_NULL_HANDLE;
  gpu_buffer field_copy;    // host-visible: the field, for readouts and exports
  gpu_buffer picture_copy;  // host-visible: the picture, for screenshots
  gpu_buffer overlay;       // host-visible: the mirror difference the slice pass shows
  bool in_flight = false;
  // What the frame in flight will have produced once its fence is signalled.
  frame_plan plan;
  bool field_copied = false;
  bool picture_copied = false;
  std::optional<std::string> save_field, save_picture;
  double present_ms = 0;
  double frame_ms = 0;
  double record_ms = 0;  // the host's recording of the frame: noise inputs, commands
};

class app {
 public:
  app(window_device& device, const run_options& options, const std::atomic<bool>& stop)
      : device_(device), options_(options), settings_(options.settings), stop_(stop) {}
  ~app();

  status start();
  status run();

 private:
  status create_slots();
  status start_panel();
  status parse_settings();
  void poll_graph();
  void report_graph_error(const std::string& message);
  status recreate_swapchain();
  status wait_for(frame_slot& slot);
  status retire(frame_slot& slot);
  status retire_all();
  status fit_resources(const frame_plan& plan);
  result<frame_plan> plan_within_storage(std::uint32_t width, std::uint32_t height);
  status frame(std::uint32_t index, bool capture);
  status record(frame_slot& slot, std::uint32_t slot_index, std::optional<std::uint32_t> image,
                timeline_point& point);
  status submit(frame_slot& slot, std::optional<std::uint32_t> image, timeline_point point);
  status apply_resize(const run_options::resize& r);
  void advance_time(double seconds);
  void handle_mouse();
  void report_frame_times() const;
  status drain();

 public:
  // Whether a frame may still be running on the device (a wait for it timed out).
  bool busy() const {
    for (const frame_slot& s : slots_) {
      if (s.in_flight) return true;
    }
    return false;
  }

 private:
  window_device& device_;
  const run_options& options_;
  view_settings settings_;
  const std::atomic<bool>& stop_;
  VkDevice vk_ = VK_NULL_HANDLE;

  std::unique_ptr<context> context_;
  std::unique_ptr<recorder> recorder_;
  std::unique_ptr<swapchain> swapchain_;
  bool swapchain_stale_ = false;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  frame_slot slots_[slot_count];
  std::uint32_t slot_ = 0;
  gpu_buffer field_;      // what vknoise writes, read by the shading pass (device-local)
  gpu_buffer picture_;    // what the shading pass writes (device-local)
  gpu_image canvas_;      // the picture as an image, blitted into the swapchain's
  gpu_buffer colormaps_;  // the slice's colour map tables (host-visible, written once)
  std::unique_ptr<shade_pass> passes_[3];        // slice, heightfield, volume
  std::unique_ptr<shade_pass> scene_passes_[2];  // ocean, clouds (the baked set's with --textures)
  std::unique_ptr<cloud_textures> cloud_textures_;  // --textures: the baked set, uploaded once
  VkDescriptorPool imgui_pool_ = VK_NULL_HANDLE;
  bool imgui_ = false;

  // The field as the settings describe it, and the last settings that gave a valid frame.
  field_spec base_;
  permutation_table table_ = permutation_table::perlin();
  view_settings good_settings_;
  graph_file_watch graph_watch_{graph::max_text_bytes};
  double scene_seconds_ = 0;
  clock_type::time_point last_frame_ = clock_type::now();
  bool first_frame_shown_ = false;
  std::pair<std::uint32_t, std::uint32_t> scaled_picture_{0, 0};  // the last fitted picture

  panel_state panel_;
  readouts readouts_;
  double last_mouse_x_ = 0, last_mouse_y_ = 0;
  bool dragging_ = false;
  double scroll_ = 0;
  bool toggle_panel_ = false, toggle_play_ = false;

  std::vector<double> frame_ms_, noise_ms_, shade_ms_, panel_ms_, present_ms_, record_ms_;
  std::uint32_t frames_done_ = 0;

  friend void on_key(GLFWwindow*, int, int, int, int);
  friend void on_scroll(GLFWwindow*, double, double);
  friend void on_framebuffer(GLFWwindow*, int, int);
};

void on_key(GLFWwindow* window, int key, int, int action, int) {
  auto* a = static_cast<app*>(glfwGetWindowUserPointer(window));
  if (action != GLFW_PRESS) return;
  // Keys typed into the panel's text fields are the panel's.
  if (a->imgui_ && a->settings_.panel && ImGui::GetIO().WantCaptureKeyboard) return;
  if (key == GLFW_KEY_TAB) a->toggle_panel_ = true;
  if (key == GLFW_KEY_SPACE) a->toggle_play_ = true;
  if (key == GLFW_KEY_ESCAPE) glfwSetWindowShouldClose(window, GLFW_TRUE);
}

void on_scroll(GLFWwindow* window, double, double dy) {
  static_cast<app*>(glfwGetWindowUserPointer(window))->scroll_ += dy;
}

void on_framebuffer(GLFWwindow* window, int, int) {
  static_cast<app*>(glfwGetWindowUserPointer(window))->swapchain_stale_ = true;
}

status app::start() {
  vk_ = device_.device();
  context_options copts;
  copts.fence_timeout_ns = frame_timeout_ns;
  auto ctx = context::borrow(device_.lend(), copts);
  if (!ctx) return ctx.error_value();
  context_ = std::move(*ctx);
  recorder_options ropts;
  ropts.frames_in_flight = slot_count;
  auto rec = recorder::create(*context_, ropts);
  if (!rec) return rec.error_value();
  recorder_ = std::move(*rec);
  readouts_.device = std::string("device: ") + device_.properties().deviceName;

  if (settings_.field.noise.graph) {
    // The graph as the watch first reads it: the field is parsed from that text, so a later
    // edit is compared with what is shown.
    auto news = graph_watch_.poll(*settings_.field.noise.graph);
    if (news && news->problem) {
      return make_error(errc::io_error, "cannot read the graph " + *settings_.field.noise.graph +
                                            ": " + *news->problem);
    }
    if (news && news->text) {
      auto parsed = graph::parse(*news->text);
      if (!parsed) return parsed.error_value();
      settings_.field.noise.given_graph = std::make_shared<const graph>(std::move(*parsed));
    }
  }
  if (auto s = parse_settings(); !s) return s;
  good_settings_ = settings_;
  // The picture of --size and the settings' field, checked against the device's storage limit
  // before anything is drawn: on the command line they are refused rather than scaled.
  auto first = plan_frame(settings_, base_, table_, options_.width, options_.height, 0.0);
  if (!first) return first.error_value();
  if (auto excess =
          storage_excess(settings_, *first, device_.properties().limits.maxStorageBufferRange)) {
    return make_error(errc::invalid_argument,
                      (excess->picture ? "--size: " : "") + excess->message);
  }

  VkCommandPoolCreateInfo pool{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  pool.queueFamilyIndex = device_.queue_family();
  if (auto s = vk_ok(vkCreateCommandPool(vk_, &pool, nullptr, &pool_), "vkCreateCommandPool"); !s) {
    return s;
  }
  if (auto s = create_slots(); !s) return s;
  if (options_.cloud_set) {
    // Once, before any frame: each upload waits for its own fence.
    std::lock_guard lock(context_->queue_mutex());
    auto textures =
        cloud_textures::upload(device_.physical_device(), vk_, device_.queue(),
                               device_.queue_family(), *options_.cloud_set, frame_timeout_ns);
    if (!textures) {
      // An upload that timed out may still run: the device is left to the process's exit.
      if (textures.error_value().code == errc::timeout) device_.abandon();
      return textures.error_value();
    }
    cloud_textures_ = std::move(*textures);
  }
  auto maps =
      create_buffer(device_.physical_device(), vk_, sizeof viridis_table + sizeof diverging_table,
                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, true);
  if (!maps) return maps.error_value();
  colormaps_ = *maps;
  std::memcpy(colormaps_.mapped, viridis_table, sizeof viridis_table);
  std::memcpy(static_cast<char*>(colormaps_.mapped) + sizeof viridis_table, diverging_table,
              sizeof diverging_table);

  if (device_.window()) {
    glfwSetWindowUserPointer(device_.window(), this);
    // Installed before Dear ImGui's, which calls them in turn.
    glfwSetKeyCallback(device_.window(), on_key);
    glfwSetScrollCallback(device_.window(), on_scroll);
    glfwSetFramebufferSizeCallback(device_.window(), on_framebuffer);
    swapchain_ = std::make_unique<swapchain>(device_);
    if (auto s = swapchain_->create(options_.immediate); !s) return s;
    if (auto s = start_panel(); !s) return s;
  }
  return {};
}

status app::create_slots() {
  for (frame_slot& s : slots_) {
    VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocate.commandPool = pool_;
    allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocate.commandBufferCount = 1;
    if (auto st =
            vk_ok(vkAllocateCommandBuffers(vk_, &allocate, &s.cmd), "vkAllocateCommandBuffers");
        !st) {
      return st;
    }
    VkFenceCreateInfo fence{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    if (auto st = vk_ok(vkCreateFence(vk_, &fence, nullptr, &s.fence), "vkCreateFence"); !st) {
      return st;
    }
    VkSemaphoreCreateInfo sem{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    if (auto st = vk_ok(vkCreateSemaphore(vk_, &sem, nullptr, &s.acquired), "vkCreateSemaphore");
        !st) {
      return st;
    }
    if (device_.has_timestamps()) {
      VkQueryPoolCreateInfo q{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
      q.queryType = VK_QUERY_TYPE_TIMESTAMP;
      q.queryCount = timestamps;
      if (auto st = vk_ok(vkCreateQueryPool(vk_, &q, nullptr, &s.queries), "vkCreateQueryPool");
          !st) {
        return st;
      }
    }
  }
  return {};
}

status app::start_panel() {
  VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 8};
  VkDescriptorPoolCreateInfo pool{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pool.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  pool.maxSets = 8;
  pool.poolSizeCount = 1;
  pool.pPoolSizes = &size;
  if (auto s = vk_ok(vkCreateDescriptorPool(vk_, &pool, nullptr, &imgui_pool_),
                     "vkCreateDescriptorPool");
      !s) {
    return s;
  }
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini left in the working directory
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForVulkan(device_.window(), true);
  ImGui_ImplVulkan_InitInfo info{};
  info.Instance = device_.instance();
  info.PhysicalDevice = device_.physical_device();
  info.Device = vk_;
  info.QueueFamily = device_.queue_family();
  info.Queue = device_.queue();
  info.DescriptorPool = imgui_pool_;
  info.Subpass = 0;
  info.MinImageCount = std::max(2u, swapchain_->min_image_count());
  info.ImageCount = std::max(info.MinImageCount, swapchain_->image_count());
  info.MSAASamples = VK_SAMPLE_COUNT_1_BIT;
  info.CheckVkResultFn = on_imgui_result;
  ImGui_ImplVulkan_Init(&info, swapchain_->render_pass());
  imgui_ = true;
  if (auto s = imgui_ok("ImGui_ImplVulkan_Init"); !s) return s;

  // The font atlas goes up once, in a command buffer of its own, waited for with a bound.
  frame_slot& s = slots_[0];
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  if (auto st = vk_ok(vkBeginCommandBuffer(s.cmd, &begin), "vkBeginCommandBuffer"); !st) return st;
  ImGui_ImplVulkan_CreateFontsTexture(s.cmd);
  if (auto st = imgui_ok("ImGui_ImplVulkan_CreateFontsTexture"); !st) return st;
  if (auto st = vk_ok(vkEndCommandBuffer(s.cmd), "vkEndCommandBuffer"); !st) return st;
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &s.cmd;
  {
    std::lock_guard lock(context_->queue_mutex());
    if (auto st = vk_ok(vkQueueSubmit(device_.queue(), 1, &submit, s.fence), "vkQueueSubmit");
        !st) {
      return st;
    }
  }
  s.in_flight = true;
  if (auto st = wait_for(s); !st) return st;
  ImGui_ImplVulkan_DestroyFontUploadObjects();
  return {};
}

// The settings' field, parsed by render's own option code.
status app::parse_settings() {
  auto parsed = parse_settings_field(settings_);
  if (!parsed) return parsed.error_value();
  base_ = parsed->field;
  table_ = parsed->table;
  return {};
}

// An edited graph file is read again (graph_file_watch: a stat a frame, a bounded read when it
// changed). A broken or unreadable one leaves the last good field on screen; the panel and stderr
// say why, once for each new problem.
void app::poll_graph() {
  cli::noise_options& noise = settings_.field.noise;
  if (!noise.graph) return;
  auto news = graph_watch_.poll(*noise.graph);
  if (!news) return;
  const std::string& path = *noise.graph;
  if (news->problem) {
    report_graph_error(path + ": " + *news->problem);
    return;
  }
  auto parsed = graph::parse(*news->text);
  if (!parsed) {
    report_graph_error(parsed.message());
    return;
  }
  auto last_good = noise.given_graph;
  noise.given_graph = std::make_shared<const graph>(std::move(*parsed));
  if (auto s = parse_settings(); !s) {
    noise.given_graph = std::move(last_good);
    report_graph_error(s.message());
    return;
  }
  readouts_.error.clear();
  std::printf("view: graph reloaded: %s\n", path.c_str());
}

void app::report_graph_error(const std::string& message) {
  readouts_.error = "graph: " + message;
  std::fprintf(stderr, "view: graph error: %s\n", message.c_str());
}

status app::recreate_swapchain() {
  if (auto s = retire_all(); !s) return s;
  int width = 0, height = 0;
  glfwGetFramebufferSize(device_.window(), &width, &height);
  if (width == 0 || height == 0) {
    // Minimised: nothing to draw into until it is back; wait for its events, a while at most.
    glfwWaitEventsTimeout(0.1);
    return {};
  }
  if (auto s = swapchain_->create(options_.immediate); !s) return s;
  ImGui_ImplVulkan_SetMinImageCount(std::max(2u, swapchain_->min_image_count()));
  swapchain_stale_ = false;
  return imgui_ok("ImGui_ImplVulkan_SetMinImageCount");
}

status app::wait_for(frame_slot& slot) {
  if (!slot.in_flight) return {};
  const VkResult r = vkWaitForFences(vk_, 1, &slot.fence, VK_TRUE, frame_timeout_ns);
  if (r == VK_TIMEOUT) {
    return make_error(errc::timeout, "a frame did not finish within 10 s (vkWaitForFences)");
  }
  if (auto s = vk_ok(r, "vkWaitForFences"); !s) return s;
  slot.in_flight = false;
  return vk_ok(vkResetFences(vk_, 1, &slot.fence), "vkResetFences");
}

// Waits for the slot's frame, then takes what it produced: timestamps, readouts, the mirror's
// difference, a saved field or picture.
status app::retire(frame_slot& slot) {
  const bool was_in_flight = slot.in_flight;
  if (auto s = wait_for(slot); !s) return s;
  if (!was_in_flight) return {};
  ++frames_done_;
  if (slot.queries) {
    std::uint64_t t[timestamps] = {};
    const VkResult r = vkGetQueryPoolResults(vk_, slot.queries, 0, timestamps, sizeof t, t,
                                             sizeof t[0], VK_QUERY_RESULT_64_BIT);
    if (auto s = vk_ok(r, "vkGetQueryPoolResults"); !s) return s;
    const double period = device_.properties().limits.timestampPeriod * 1e-6;  // ms per tick
    // Timestamps have timestampValidBits bits: a difference is taken modulo that.
    const std::uint32_t bits = device_.timestamp_bits();
    const std::uint64_t mask = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    auto ms = [&](int from, int to) {
      return static_cast<double>((t[to] - t[from]) & mask) * period;
    };
    readouts_.noise_ms = ms(0, 1);
    readouts_.shade_ms = ms(1, 2);
    readouts_.panel_ms = ms(2, 3);
    const std::uint64_t samples = sample_count(slot.plan.field);
    readouts_.samples_per_second =
        readouts_.noise_ms > 0 ? static_cast<double>(samples) / (readouts_.noise_ms * 1e-3) : 0;
    noise_ms_.push_back(readouts_.noise_ms);
    shade_ms_.push_back(readouts_.shade_ms);
    panel_ms_.push_back(readouts_.panel_ms);
  }
  frame_ms_.push_back(slot.frame_ms);
  present_ms_.push_back(slot.present_ms);
  record_ms_.push_back(slot.record_ms);
  readouts_.frame_ms = slot.frame_ms;
  readouts_.present_ms = slot.present_ms;
  readouts_.record_ms = slot.record_ms;

  const field_spec& field = slot.plan.field;
  if (slot.field_copied) {
    const std::span<const float> values(static_cast<const float*>(slot.field_copy.mapped),
                                        value_count(field));
    readouts_.stats = measure(values, channel_count(field), slot.plan.low, slot.plan.high);
    if (settings_.diff) {
      const std::size_t samples = sample_count(field);
      std::span<float> overlay(static_cast<float*>(slot.overlay.mapped),
                               std::min<std::size_t>(samples, slot.overlay.size / 4));
      std::vector<float> per_sample(samples);
      auto largest = mirror_difference(field, slot.plan.table, values, per_sample);
      if (!largest) return largest.error_value();
      std::copy_n(per_sample.begin(), overlay.size(), overlay.begin());
      readouts_.mirror_max = *largest;
    } else {
      readouts_.mirror_max.reset();
    }
    if (slot.save_field) {
      const std::string& path = *slot.save_field;
      auto format = cli::output_format_for(path);
      status saved =
          format ? cli::check_output(path, *format, field) : status(format.error_value());
      if (saved) saved = cli::write_output(path, *format, field, values, false);
      readouts_.saved = saved ? "wrote " + path : "not saved: " + saved.message();
      // Asked for on the command line, a field that cannot be written fails the run.
      if (!saved && path == options_.save_field) return saved;
      std::printf("view: %s\n", readouts_.saved.c_str());
    }
  }
  if (slot.picture_copied && slot.save_picture) {
    const std::uint32_t w = slot.plan.width, h = slot.plan.height;
    const auto* rgba = static_cast<const std::uint8_t*>(slot.picture_copy.mapped);
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(w) * h * 3);
    for (std::size_t i = 0; i < static_cast<std::size_t>(w) * h; ++i) {
      std::memcpy(&rgb[i * 3], &rgba[i * 4], 3);  // packUnorm4x8: red in the lowest byte
    }
    const status written = io::write_png_rgb8(*slot.save_picture, w, h, rgb);
    if (!written) return written;
    readouts_.saved = "wrote " + *slot.save_picture;
    std::printf("view: wrote %s (%ux%u)\n", slot.save_picture->c_str(), w, h);
  }
  slot.field_copied = slot.picture_copied = false;
  slot.save_field.reset();
  slot.save_picture.reset();
  return {};
}

status app::retire_all() {
  for (frame_slot& s : slots_) {
    if (auto st = retire(s); !st) return st;
  }
  return {};
}

// Buffers grow to the largest frame so far; growing waits for the frames that use them.
status app::fit_resources(const frame_plan& plan) {
  const VkDeviceSize field_bytes = value_count(plan.field) * sizeof(float);
  const VkDeviceSize picture_bytes = VkDeviceSize{plan.width} * plan.height * 4;
  const bool field_small = field_.size < field_bytes;
  const bool picture_small = picture_.size < picture_bytes;
  const bool canvas_small =
      swapchain_ && (canvas_.extent.width < plan.width || canvas_.extent.height < plan.height);
  if (!field_small && !picture_small && !canvas_small) return {};
  if (auto s = retire_all(); !s) return s;
  VkPhysicalDevice physical = device_.physical_device();
  if (field_small) {
    destroy_buffer(vk_, field_);
    auto b =
        create_buffer(physical, vk_, field_bytes,
                      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT, false);
    if (!b) return b.error_value();
    field_ = *b;
    for (frame_slot& s : slots_) {
      destroy_buffer(vk_, s.field_copy);
      auto c = create_buffer(physical, vk_, field_bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, true);
      if (!c) return c.error_value();
      s.field_copy = *c;
    }
  }
  if (picture_small) {
    destroy_buffer(vk_, picture_);
    auto b =
        create_buffer(physical, vk_, picture_bytes,
                      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT, false);
    if (!b) return b.error_value();
    picture_ = *b;
    for (frame_slot& s : slots_) {
      destroy_buffer(vk_, s.picture_copy);
      destroy_buffer(vk_, s.overlay);
      auto c = create_buffer(physical, vk_, picture_bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, true);
      if (!c) return c.error_value();
      s.picture_copy = *c;
      auto o =
          create_buffer(physical, vk_, picture_bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, true);
      if (!o) return o.error_value();
      s.overlay = *o;
      std::memset(s.overlay.mapped, 0, picture_bytes);
    }
  }
  if (canvas_small) {
    destroy_image(vk_, canvas_);
    const VkExtent2D extent{std::max(plan.width, canvas_.extent.width),
                            std::max(plan.height, canvas_.extent.height)};
    auto image = create_image(device_.physical_device(), vk_, extent, VK_FORMAT_R8G8B8A8_UNORM,
                              VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
    if (!image) return image.error_value();
    canvas_ = *image;
  }
  return {};
}

shade_pass* pass_for(view_mode mode, std::unique_ptr<shade_pass> (&passes)[3],
                     std::unique_ptr<shade_pass> (&scenes)[2]) {
  switch (mode) {
    case view_mode::slice:
      return passes[0].get();
    case view_mode::heightfield:
      return passes[1].get();
    case view_mode::volume:
      return passes[2].get();
    case view_mode::ocean:
      return scenes[0].get();
    case view_mode::clouds:
      return scenes[1].get();
  }
  return nullptr;
}

void app::advance_time(double seconds) {
  if (!settings_.play) return;
  settings_.time += seconds * settings_.speed;
  if (settings_.loop > 0) {
    settings_.time = std::fmod(settings_.time, settings_.loop);
    if (settings_.time < 0) settings_.time += settings_.loop;
  }
  scene_seconds_ += seconds;
}

// Dragging pans a slice and orbits the camera of the 3D modes; the wheel zooms (the point under
// the cursor stays put in a slice).
void app::handle_mouse() {
  GLFWwindow* window = device_.window();
  double x = 0, y = 0;
  glfwGetCursorPos(window, &x, &y);
  // The cursor is in window coordinates, the picture in framebuffer pixels (HiDPI scales them).
  int window_width = 0, window_height = 0, pixels_wide = 0, pixels_high = 0;
  glfwGetWindowSize(window, &window_width, &window_height);
  glfwGetFramebufferSize(window, &pixels_wide, &pixels_high);
  if (window_width > 0 && window_height > 0) {
    x *= static_cast<double>(pixels_wide) / window_width;
    y *= static_cast<double>(pixels_high) / window_height;
  }
  const bool panel_has_mouse = imgui_ && settings_.panel && ImGui::GetIO().WantCaptureMouse;
  const bool pressed = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
  const double dx = x - last_mouse_x_, dy = y - last_mouse_y_;
  last_mouse_x_ = x;
  last_mouse_y_ = y;
  // A drag moves the view from the frame after the press on: the pointer's way to where it was
  // pressed is no drag.
  const bool was_dragging = dragging_;
  dragging_ = pressed && (was_dragging || !panel_has_mouse);
  const double drag_x = dragging_ && was_dragging ? dx : 0.0;
  const double drag_y = dragging_ && was_dragging ? dy : 0.0;
  const double scroll = panel_has_mouse ? 0.0 : scroll_;
  scroll_ = 0;
  if (drag_x == 0 && drag_y == 0 && scroll == 0) return;
  if (settings_.mode == view_mode::slice) {
    // The time axis's origin is the settings' own: the base field is the one before time.
    pan_and_zoom(settings_, base_, drag_x, drag_y, scroll, x, y);
    if (auto st = parse_settings(); !st) readouts_.error = st.message();
  } else if (settings_.mode == view_mode::heightfield || settings_.mode == view_mode::volume) {
    orbit(settings_, drag_x, drag_y, scroll);
  }
}

status app::apply_resize(const run_options::resize& r) {
  GLFWwindow* window = device_.window();
  if (!window) return {};
  glfwSetWindowSize(window, static_cast<int>(r.width), static_cast<int>(r.height));
  // The window system answers asynchronously: wait for the new size, with a bound.
  const auto deadline = clock_type::now() + std::chrono::seconds(10);
  for (;;) {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window, &w, &h);
    if (static_cast<std::uint32_t>(w) == r.width && static_cast<std::uint32_t>(h) == r.height) {
      break;
    }
    if (clock_type::now() > deadline) {
      return make_error(errc::timeout, "--resize-at: the window did not take the size " +
                                           std::to_string(r.width) + "x" +
                                           std::to_string(r.height) + " within 10 s");
    }
    glfwWaitEventsTimeout(0.05);
  }
  std::printf("view: resized to %ux%u\n", r.width, r.height);
  return recreate_swapchain();
}

// The frame's plan for a width x height window, its storage buffers within the device's
// maxStorageBufferRange (storage_limit.hpp): a window too large for them is drawn from a smaller
// picture of the same shape, scaled up by the blit; a field too large on its own is an error.
result<frame_plan> app::plan_within_storage(std::uint32_t width, std::uint32_t height) {
  const std::uint64_t limit = device_.properties().limits.maxStorageBufferRange;
  auto plan = plan_frame(settings_, base_, table_, width, height, scene_seconds_);
  if (!plan) return plan;
  const auto fitted =
      fitted_picture(width, height, bytes_per_picture_pixel(settings_, *plan), limit);
  if (fitted != std::pair{width, height}) {
    if (fitted != scaled_picture_) {
      std::printf(
          "view: the %ux%u window is drawn from a %ux%u picture, scaled up (one storage buffer "
          "holds at most %llu bytes on this device)\n",
          width, height, fitted.first, fitted.second, static_cast<unsigned long long>(limit));
    }
    plan = plan_frame(settings_, base_, table_, fitted.first, fitted.second, scene_seconds_);
    if (!plan) return plan;
  }
  scaled_picture_ = fitted;
  if (auto excess = storage_excess(settings_, *plan, limit)) {
    return make_error(errc::invalid_argument, excess->message);
  }
  return plan;
}

status app::frame(std::uint32_t index, bool capture) {
  frame_slot& slot = slots_[slot_];
  const std::uint32_t slot_index = slot_;
  slot_ = (slot_ + 1) % slot_count;
  if (auto s = retire(slot); !s) return s;

  slot.present_ms = 0;
  const auto start = clock_type::now();
  const double elapsed = ms_between(last_frame_, start);
  last_frame_ = start;
  advance_time(elapsed * 1e-3);
  if (device_.window()) {
    glfwPollEvents();
    if (options_.resize_at && options_.resize_at->frame == index) {
      if (auto s = apply_resize(*options_.resize_at); !s) return s;
    }
    if (toggle_panel_) settings_.panel = !settings_.panel;
    if (toggle_play_) settings_.play = !settings_.play;
    toggle_panel_ = toggle_play_ = false;
    handle_mouse();
    if (swapchain_stale_) {
      if (auto s = recreate_swapchain(); !s) return s;
    }
  }
  poll_graph();

  // Picture: the window's size (the swapchain's), or --size when headless.
  std::uint32_t width = options_.width, height = options_.height;
  if (swapchain_) {
    width = swapchain_->extent().width;
    height = swapchain_->extent().height;
  }
  auto plan = plan_within_storage(width, height);
  if (!plan) {
    // Back to the last settings that worked, keeping the clock: the panel says what failed.
    readouts_.error = plan.message();
    const double time = settings_.time;
    settings_ = good_settings_;
    settings_.time = time;
    if (auto s = parse_settings(); !s) return s;
    plan = plan_within_storage(width, height);
    if (!plan) return plan.error_value();
  } else {
    good_settings_ = settings_;
  }
  if (auto s = fit_resources(*plan); !s) return s;
  slot.plan = std::move(*plan);

  std::optional<std::uint32_t> image;
  if (swapchain_) {
    std::uint32_t i = 0;
    const auto before = clock_type::now();
    const VkResult r = vkAcquireNextImageKHR(vk_, swapchain_->handle(), frame_timeout_ns,
                                             slot.acquired, VK_NULL_HANDLE, &i);
    slot.present_ms = ms_between(before, clock_type::now());
    if (r == VK_ERROR_OUT_OF_DATE_KHR) {
      swapchain_stale_ = true;  // nothing was acquired: the frame is skipped
      return {};
    }
    if (r == VK_TIMEOUT) return make_error(errc::timeout, "vkAcquireNextImageKHR timed out");
    if (r == VK_SUBOPTIMAL_KHR)
      swapchain_stale_ = true;
    else if (auto s = vk_ok(r, "vkAcquireNextImageKHR"); !s)
      return s;
    image = i;
  }

  panel_requests asked;
  if (imgui_ && settings_.panel) {
    readouts_.command = render_command(settings_, slot.plan.field, "field.png");
    ImGui_ImplVulkan_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    asked = draw_panel(settings_, readouts_, panel_);
    ImGui::Render();
    if (asked.settings_changed) {
      if (auto s = parse_settings(); !s)
        readouts_.error = s.message();
      else
        readouts_.error.clear();
    }
    if (asked.print_command) std::printf("%s\n", readouts_.command.c_str());
  }
  const bool readouts_wanted = (imgui_ && settings_.panel) || settings_.diff;
  slot.field_copied = asked.save_field.has_value() ||
                      (readouts_wanted && value_count(slot.plan.field) <= readout_values_max);
  slot.save_field = asked.save_field;
  if (capture && !options_.save_field.empty()) slot.save_field = options_.save_field;
  slot.field_copied |= slot.save_field.has_value();
  if (capture && !options_.screenshot.empty()) slot.save_picture = options_.screenshot;
  if (asked.save_screenshot) slot.save_picture = asked.save_screenshot;
  slot.picture_copied = slot.save_picture.has_value();

  timeline_point point;
  const auto recording = clock_type::now();
  if (auto s = record(slot, slot_index, image, point); !s) return s;
  slot.record_ms = ms_between(recording, clock_type::now());
  if (auto s = submit(slot, image, point); !s) return s;
  slot.frame_ms = elapsed;
  if (!first_frame_shown_) {
    first_frame_shown_ = true;
    std::printf("view: running (%s, %ux%u)\n", mode_name(settings_.mode), width, height);
  }
  return {};
}

status app::record(frame_slot& slot, std::uint32_t slot_index, std::optional<std::uint32_t> image,
                   timeline_point& point) {
  VkCommandBuffer cmd = slot.cmd;
  if (auto s = vk_ok(vkResetCommandBuffer(cmd, 0), "vkResetCommandBuffer"); !s) return s;
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  if (auto s = vk_ok(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer"); !s) return s;
  if (slot.queries) {
    vkCmdResetQueryPool(cmd, slot.queries, 0, timestamps);
    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, slot.queries, 0);
  }

  // 1. The field, by vknoise. Its barriers: earlier frames' shading and copies read the buffer
  // before vknoise writes it, and this frame's shading and copies read what it wrote.
  render_target target = render_target::of(buffer_target{field_.buffer, 0, field_.size});
  const access_scope readers{VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT};
  target.before = readers;
  target.after = readers;
  auto recorded = recorder_->record(cmd, slot.plan.field, slot.plan.table, target);
  if (!recorded) return recorded.error_value();
  point = *recorded;
  if (slot.queries) vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, slot.queries, 1);

  // 2. The picture. Barrier: the previous frame's copies out of the picture buffer finish
  // before this pass overwrites it (write after read).
  VkMemoryBarrier war{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  war.dstAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0,
                       1, &war, 0, nullptr, 0, nullptr);
  shade_pass* pass = pass_for(settings_.mode, passes_, scene_passes_);
  pass->bind(slot_index, field_.buffer, picture_.buffer, slot.overlay.buffer, colormaps_.buffer);
  pass->record(cmd, slot_index, slot.plan.params.data(), slot.plan.width, slot.plan.height);
  // Barrier: the pass's writes to the picture buffer are done before it is copied.
  VkMemoryBarrier shaded{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  shaded.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  shaded.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                       1, &shaded, 0, nullptr, 0, nullptr);

  // Copies for the host: the field (readouts, export) and the picture (screenshot).
  if (slot.field_copied) {
    const VkBufferCopy region{0, 0, value_count(slot.plan.field) * sizeof(float)};
    vkCmdCopyBuffer(cmd, field_.buffer, slot.field_copy.buffer, 1, &region);
  }
  if (slot.picture_copied) {
    const VkBufferCopy region{0, 0, VkDeviceSize{slot.plan.width} * slot.plan.height * 4};
    vkCmdCopyBuffer(cmd, picture_.buffer, slot.picture_copy.buffer, 1, &region);
  }

  if (image) {
    // 3. The picture into the canvas, then blitted into the swapchain image.
    VkImageMemoryBarrier to_canvas{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    // Barrier: the previous frame's blit has read the canvas before it is overwritten (its old
    // contents are discarded).
    to_canvas.srcAccessMask = 0;
    to_canvas.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    to_canvas.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    to_canvas.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    to_canvas.srcQueueFamilyIndex = to_canvas.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    to_canvas.image = canvas_.image;
    to_canvas.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                         nullptr, 0, nullptr, 1, &to_canvas);
    VkBufferImageCopy copy{};
    copy.bufferRowLength = slot.plan.width;
    copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    copy.imageExtent = {slot.plan.width, slot.plan.height, 1};
    vkCmdCopyBufferToImage(cmd, picture_.buffer, canvas_.image,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &copy);
    // Barrier: the copy into the canvas is done before the blit reads it.
    VkImageMemoryBarrier to_source = to_canvas;
    to_source.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    to_source.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    to_source.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    to_source.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    // Barrier: the swapchain image, once the acquire semaphore's wait (at the transfer stage) is
    // over, goes to TRANSFER_DST; its old contents are discarded.
    VkImageMemoryBarrier to_screen = to_canvas;
    to_screen.image = swapchain_->image(*image);
    const VkImageMemoryBarrier both[] = {to_source, to_screen};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                         nullptr, 0, nullptr, 2, both);
    const VkExtent2D screen = swapchain_->extent();
    VkImageBlit blit{};
    blit.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    blit.srcOffsets[1] = {static_cast<std::int32_t>(slot.plan.width),
                          static_cast<std::int32_t>(slot.plan.height), 1};
    blit.dstSubresource = blit.srcSubresource;
    blit.dstOffsets[1] = {static_cast<std::int32_t>(screen.width),
                          static_cast<std::int32_t>(screen.height), 1};
    vkCmdBlitImage(cmd, canvas_.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                   swapchain_->image(*image), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit,
                   VK_FILTER_NEAREST);
    if (slot.queries) {
      vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, slot.queries, 2);
    }
    // 4. The panel over it; the render pass leaves the image ready to present (its subpass
    // dependency orders the blit's writes before the panel's).
    VkRenderPassBeginInfo pass_begin{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    pass_begin.renderPass = swapchain_->render_pass();
    pass_begin.framebuffer = swapchain_->framebuffer(*image);
    pass_begin.renderArea = {{0, 0}, screen};
    vkCmdBeginRenderPass(cmd, &pass_begin, VK_SUBPASS_CONTENTS_INLINE);
    if (imgui_ && settings_.panel) ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), cmd);
    vkCmdEndRenderPass(cmd);
  } else if (slot.queries) {
    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, slot.queries, 2);
  }
  if (slot.queries) vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, slot.queries, 3);
  // Barrier: the copies for the host are visible to it once the fence is signalled.
  VkMemoryBarrier to_host{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  to_host.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  to_host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                       &to_host, 0, nullptr, 0, nullptr);
  return vk_ok(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
}

status app::submit(frame_slot& slot, std::optional<std::uint32_t> image, timeline_point point) {
  // The recorder's point is signalled with the frame, as recorder.hpp asks; a binary semaphore
  // tells the present that the image is drawn.
  VkSemaphore signals[2] = {point.semaphore, VK_NULL_HANDLE};
  const std::uint64_t signal_values[2] = {point.value, 0};
  const std::uint64_t wait_values[1] = {0};
  const VkPipelineStageFlags wait_stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
  VkTimelineSemaphoreSubmitInfo timeline{VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
  timeline.signalSemaphoreValueCount = image ? 2 : 1;
  timeline.pSignalSemaphoreValues = signal_values;
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.pNext = &timeline;
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &slot.cmd;
  submit.signalSemaphoreCount = 1;
  submit.pSignalSemaphores = signals;
  if (image) {
    signals[1] = swapchain_->rendered(*image);
    submit.signalSemaphoreCount = 2;
    submit.waitSemaphoreCount = 1;
    submit.pWaitSemaphores = &slot.acquired;
    submit.pWaitDstStageMask = &wait_stage;
    timeline.waitSemaphoreValueCount = 1;
    timeline.pWaitSemaphoreValues = wait_values;
  }
  std::lock_guard lock(context_->queue_mutex());
  if (auto s = vk_ok(vkQueueSubmit(device_.queue(), 1, &submit, slot.fence), "vkQueueSubmit"); !s) {
    return s;
  }
  slot.in_flight = true;
  if (!image) return {};
  const auto before = clock_type::now();
  VkPresentInfoKHR present{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
  const VkSemaphore rendered = swapchain_->rendered(*image);
  const VkSwapchainKHR chain = swapchain_->handle();
  present.waitSemaphoreCount = 1;
  present.pWaitSemaphores = &rendered;
  present.swapchainCount = 1;
  present.pSwapchains = &chain;
  present.pImageIndices = &*image;
  const VkResult r = vkQueuePresentKHR(device_.queue(), &present);
  slot.present_ms += ms_between(before, clock_type::now());
  if (r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR) {
    swapchain_stale_ = true;
    return {};
  }
  return vk_ok(r, "vkQueuePresentKHR");
}

// After the last frame: every frame and the last present are done (an empty batch behind them,
// its fence waited for with a bound), so nothing is destroyed under the GPU.
status app::drain() {
  if (auto s = retire_all(); !s) return s;
  frame_slot& s = slots_[0];
  {
    std::lock_guard lock(context_->queue_mutex());
    if (auto st = vk_ok(vkQueueSubmit(device_.queue(), 0, nullptr, s.fence), "vkQueueSubmit");
        !st) {
      return st;
    }
  }
  s.in_flight = true;
  return wait_for(s);
}

void app::report_frame_times() const {
  // The first frames build pipelines and fill caches: left out of the medians.
  auto steady = [](const std::vector<double>& v) {
    const std::size_t skip = v.size() > 4 ? 2 : 0;
    return median(std::vector<double>(v.begin() + static_cast<std::ptrdiff_t>(skip), v.end()));
  };
  std::printf(
      "view: %u frames (%s), medians: frame %.2f ms, noise %.2f ms, shading %.2f ms, panel "
      "%.2f ms (GPU timestamps), acquire+present %.2f ms, recording %.2f ms (host)\n",
      frames_done_, mode_name(settings_.mode), steady(frame_ms_), steady(noise_ms_),
      steady(shade_ms_), steady(panel_ms_), steady(present_ms_), steady(record_ms_));
}

status app::run() {
  {
    const std::uint32_t slots = slot_count;
    auto slice = shade_pass::create(vk_, VK_NULL_HANDLE, spirv::view_slice,
                                    sizeof(shader::slice_params), slots);
    if (!slice) return slice.error_value();
    passes_[0] = std::move(*slice);
    auto height = shade_pass::create(vk_, VK_NULL_HANDLE, spirv::view_heightfield,
                                     sizeof(shader::orbit_params), slots);
    if (!height) return height.error_value();
    passes_[1] = std::move(*height);
    auto volume = shade_pass::create(vk_, VK_NULL_HANDLE, spirv::view_volume,
                                     sizeof(shader::orbit_params), slots);
    if (!volume) return volume.error_value();
    passes_[2] = std::move(*volume);
    const scenes::scene scenes[2] = {scenes::ocean(), scenes::clouds()};
    for (int i = 0; i < 2; ++i) {
      if (i == 1 && cloud_textures_) continue;  // the baked set's pass replaces the live clouds'
      auto p = shade_pass::create(vk_, VK_NULL_HANDLE, scenes[i].shader,
                                  static_cast<std::uint32_t>(scenes[i].params_bytes), slots);
      if (!p) return p.error_value();
      scene_passes_[i] = std::move(*p);
    }
    if (cloud_textures_) {
      // With --textures the clouds mode raymarches the baked set (plan_frame's shader).
      auto baked =
          shade_pass::create(vk_, VK_NULL_HANDLE, spirv::view_clouds_baked,
                             sizeof(shader::clouds_baked_params), slots, VIEW_CLOUD_TEXTURE_COUNT);
      if (!baked) return baked.error_value();
      const auto images = cloud_textures_->descriptors();
      (*baked)->bind_images(images);
      scene_passes_[1] = std::move(*baked);
    }
  }
  status outcome;
  for (std::uint32_t index = 0; options_.frames == 0 || index < options_.frames; ++index) {
    const bool stopping = stop_.load();
    const bool closing = device_.window() && glfwWindowShouldClose(device_.window());
    if (closing) break;
    const bool last = stopping || (options_.frames != 0 && index + 1 == options_.frames);
    if (swapchain_ && (swapchain_->extent().width == 0 || swapchain_stale_)) {
      if (auto s = recreate_swapchain(); !s) return s;
    }
    outcome = frame(index, last);
    if (!outcome || stopping) break;
  }
  if (auto s = drain(); !s && outcome) outcome = s;
  if (outcome) {
    report_frame_times();
    if (readouts_.mirror_max) {
      std::printf("view: largest |GPU - CPU mirror| of the last field: %g\n",
                  static_cast<double>(*readouts_.mirror_max));
    }
    // The last frame's field as a batch job (the panel's command, printed for scripts too).
    const frame_slot& last = slots_[(slot_ + slot_count - 1) % slot_count];
    std::printf("view: render command: %s\n",
                render_command(settings_, last.plan.field, "field.png").c_str());
  }
  return outcome;
}

app::~app() {
  // What the GPU may still use is waited for by drain() at the end of run(); after a failed wait
  // the objects are left to the process's exit rather than destroyed under running work.
  for (frame_slot& s : slots_) {
    if (s.in_flight) return;
  }
  if (imgui_) {
    ImGui_ImplVulkan_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  if (imgui_pool_) vkDestroyDescriptorPool(vk_, imgui_pool_, nullptr);
  for (auto& p : passes_) p.reset();
  for (auto& p : scene_passes_) p.reset();
  cloud_textures_.reset();
  recorder_.reset();
  context_.reset();
  destroy_buffer(vk_, field_);
  destroy_buffer(vk_, picture_);
  destroy_image(vk_, canvas_);
  destroy_buffer(vk_, colormaps_);
  for (frame_slot& s : slots_) {
    destroy_buffer(vk_, s.field_copy);
    destroy_buffer(vk_, s.picture_copy);
    destroy_buffer(vk_, s.overlay);
    if (s.fence) vkDestroyFence(vk_, s.fence, nullptr);
    if (s.acquired) vkDestroySemaphore(vk_, s.acquired, nullptr);
    if (s.queries) vkDestroyQueryPool(vk_, s.queries, nullptr);
  }
  if (pool_) vkDestroyCommandPool(vk_, pool_, nullptr);
  swapchain_.reset();
}

}  // namespace

status run_loop(window_device& device, const run_options& options, const std::atomic<bool>& stop) {
  app a(device, options, stop);
  if (auto s = a.start(); !s) return s;
  std::printf("view: %s on %s\n", mode_name(options.settings.mode), device.properties().deviceName);
  const status ran = a.run();
  // A frame that did not finish in time may still be running: its objects stay, and so must the
  // device (app::~app leaves them likewise).
  if (a.busy()) device.abandon();
  return ran;
}

}  // namespace vknoise::view
