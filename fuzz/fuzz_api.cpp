// Fuzzes the JSON API in-process: the first byte picks the route, the rest is
// the request body, handled exactly as the server handles it (api::read, then api::answer) under
// a short Deadline. Every answer must be a status from 200 to 599 with a JSON
// object body; an error answer must carry a code and a message.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "api/api.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto routes = nonet::api::routes();
  const nonet::api::Route& route = routes[data[0] % routes.size()];
  const std::string_view body(reinterpret_cast<const char*>(data + 1), size - 1);
  nonet::api::Context context;
  context.limits.budget = std::chrono::milliseconds(50);
  context.limits.max_count = 1000;
  context.deadline = nonet::Deadline::after(context.limits.budget);
  context.seed = 1;
  const nonet::api::Reply reply = nonet::api::handle(route, body, context);
  if (reply.status < 200 || reply.status > 599 || !reply.body.is_object()) std::abort();
  if (reply.status >= 400) {
    const auto& error = reply.body.at("error");
    if (!error.at("code").is_string() || error.at("message").get<std::string>().empty())
      std::abort();
  }
  (void)reply.body.dump();  // the answer must print (valid UTF-8 throughout)
  return 0;
}
