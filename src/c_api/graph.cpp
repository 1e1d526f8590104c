// The C graph handle: a parsed noise graph, shared with the fields that name it.
#include <string>
#include <string_view>

#include "c_api/handles.hpp"

using namespace vknoise_c_api;

namespace {

// The handle of a parsed (or loaded) graph, or the parser's error.
vknoise_status make_graph(vknoise::result<vknoise::graph> parsed, vknoise_graph** out) {
  if (!parsed) return fail(parsed.error_value());
  return make_handle(out, std::make_shared<const vknoise::graph>(std::move(parsed).value()));
}

}  // namespace

extern "C" vknoise_status vknoise_graph_parse(const char* json, size_t length,
                                              vknoise_graph** out) noexcept {
  return guarded(__func__, [&] {
    if (out == nullptr) return null_argument(__func__, "out");
    *out = nullptr;
    if (json == nullptr && length != 0) return null_argument(__func__, "json");
    const std::string_view text =
        json == nullptr ? std::string_view() : std::string_view(json, length);
    return make_graph(vknoise::graph::parse(text), out);
  });
}

extern "C" vknoise_status vknoise_graph_load(const char* path, vknoise_graph** out) noexcept {
  return guarded(__func__, [&] {
    if (out == nullptr) return null_argument(__func__, "out");
    *out = nullptr;
    if (path == nullptr) return null_argument(__func__, "path");
    return make_graph(vknoise::graph::load(path), out);
  });
}

extern "C" int32_t vknoise_graph_dims(const vknoise_graph* graph) noexcept {
  return graph == nullptr ? 0 : graph->graph->dims();
}

extern "C" int32_t vknoise_graph_channels(const vknoise_graph* graph) noexcept {
  return graph == nullptr ? 0 : graph->graph->channels();
}

extern "C" void vknoise_graph_destroy(vknoise_graph* graph) noexcept {
  delete graph;
}
