#pragma once
// Which names the server answers to, and which pages may make it work.
//
// A page on another site can still reach a server on loopback through the
// visitor's browser: by a request of its own (a form, or a fetch with a
// "simple" content type, which needs no CORS preflight), or by DNS rebinding
// (its own name pointed at 127.0.0.1, so that the browser calls it same-origin).
// The first carries an Origin header naming the other site; the second a Host
// header naming it. So a request is served only when its Host names this
// server, and a request that makes it work (a POST) only when no Origin or
// Sec-Fetch-Site says it came from another site.
//
//   nonet::server::OriginPolicy policy("127.0.0.1", 8080, {});
//   policy.host_allowed("localhost:8080");          // true
//   policy.host_allowed("evil.example:8080");       // false
//   policy.same_origin("http://evil.example", "127.0.0.1:8080", "");  // false

#include <string>
#include <string_view>
#include <vector>

namespace nonet::server {

class OriginPolicy {
 public:
  // `bound_host`: the address the server listens on; `allowed_hosts`: further
  // names it answers to (`--allow-host`, for a name in DNS or behind a proxy);
  // "*" allows every name.
  OriginPolicy(std::string bound_host, int port, std::vector<std::string> allowed_hosts);

  // Whether a Host header names this server: the bound address, its loopback
  // names (localhost, 127.0.0.1, [::1]) when bound to loopback or to every
  // address, any address literal when bound to every address, or an allowed
  // name. The port is not compared: the name is what rebinding changes.
  bool host_allowed(std::string_view host_header) const;

  // Whether a request that makes the server work came from this server's own
  // page or from no page at all (curl, scripts): false when Sec-Fetch-Site says
  // cross-site, or when an Origin header names another scheme, name or port
  // than the Host header (or "null", from sandboxed frames and files). An
  // Origin naming an allowed host passes (a page served through a proxy).
  bool same_origin(std::string_view origin, std::string_view host_header,
                   std::string_view sec_fetch_site) const;

  // The names accepted, for messages: "127.0.0.1, localhost, [::1]".
  std::string describe() const;

 private:
  bool named(std::string_view name) const;
  std::vector<std::string> names_;    // every name accepted in Host
  std::vector<std::string> allowed_;  // those given with --allow-host
  bool any_name_ = false;             // "*"
  bool any_address_ = false;          // bound to 0.0.0.0 or ::
};

// Whether `host` (an address or a name) is a loopback one: 127.x.y.z, ::1, localhost.
bool is_loopback_host(std::string_view host);

}  // namespace nonet::server
