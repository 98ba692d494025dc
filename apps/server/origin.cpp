#include "server/origin.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <cctype>

namespace nonet::server {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

struct Authority {
  std::string name;  // lower case, IPv6 without brackets, no trailing dot
  std::string port;  // empty when not given
};

// "name", "name:port", "[v6]", "[v6]:port"; false on anything else.
bool split_authority(std::string_view text, Authority& out) {
  out = {};
  if (text.empty()) return false;
  if (text.front() == '[') {
    const std::size_t close = text.find(']');
    if (close == std::string_view::npos) return false;
    out.name = lower(text.substr(1, close - 1));
    const std::string_view rest = text.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return false;
      out.port = std::string(rest.substr(1));
    }
  } else {
    const std::size_t colon = text.rfind(':');
    if (colon != std::string_view::npos && text.find(':') != colon) {
      out.name = lower(text);  // a bare IPv6 address
    } else if (colon != std::string_view::npos) {
      out.name = lower(text.substr(0, colon));
      out.port = std::string(text.substr(colon + 1));
    } else {
      out.name = lower(text);
    }
  }
  if (!out.name.empty() && out.name.back() == '.') out.name.pop_back();
  const bool port_ok =
      std::all_of(out.port.begin(), out.port.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
      out.port.size() <= 5;
  const bool name_ok =
      !out.name.empty() && std::all_of(out.name.begin(), out.name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' ||
               c == '_' || c == '%';
      });
  return port_ok && name_ok;
}

bool is_address(const std::string& name) {
  unsigned char buf[16];
  return inet_pton(AF_INET, name.c_str(), buf) == 1 || inet_pton(AF_INET6, name.c_str(), buf) == 1;
}

}  // namespace

bool is_loopback_host(std::string_view host) {
  Authority a;
  if (!split_authority(host, a)) return false;
  if (a.name == "localhost") return true;
  unsigned char v4[4];
  if (inet_pton(AF_INET, a.name.c_str(), v4) == 1) return v4[0] == 127;
  // ::1, and IPv4 loopback written as an IPv6 address (::ffff:127.0.0.1).
  in6_addr v6{};
  if (inet_pton(AF_INET6, a.name.c_str(), &v6) != 1) return false;
  return IN6_IS_ADDR_LOOPBACK(&v6) || (IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127);
}

OriginPolicy::OriginPolicy(std::string bound_host, int port,
                           std::vector<std::string> allowed_hosts) {
  (void)port;
  Authority bound;
  split_authority(bound_host, bound);
  any_address_ = bound.name == "0.0.0.0" || bound.name == "::";
  if (is_loopback_host(bound_host) || any_address_) {
    for (const char* n : {"localhost", "127.0.0.1", "::1"}) names_.push_back(n);
  }
  if (!any_address_ && !bound.name.empty()) names_.push_back(bound.name);
  for (const std::string& h : allowed_hosts) {
    if (h == "*") {
      any_name_ = true;
      continue;
    }
    Authority a;
    if (split_authority(h, a)) {
      names_.push_back(a.name);
      allowed_.push_back(a.name);
    }
  }
  std::sort(names_.begin(), names_.end());
  names_.erase(std::unique(names_.begin(), names_.end()), names_.end());
}

bool OriginPolicy::named(std::string_view name) const {
  return any_name_ || std::find(names_.begin(), names_.end(), name) != names_.end() ||
         (any_address_ && is_address(std::string(name)));
}

bool OriginPolicy::host_allowed(std::string_view host_header) const {
  Authority a;
  return split_authority(host_header, a) && named(a.name);
}

bool OriginPolicy::same_origin(std::string_view origin, std::string_view host_header,
                               std::string_view sec_fetch_site) const {
  if (lower(sec_fetch_site) == "cross-site") return false;
  if (origin.empty()) return true;
  const std::string o = lower(origin);
  std::string_view rest;
  std::string default_port;
  if (o.rfind("http://", 0) == 0) {
    rest = std::string_view(o).substr(7);
    default_port = "80";
  } else if (o.rfind("https://", 0) == 0) {
    rest = std::string_view(o).substr(8);
    default_port = "443";
  } else {
    return false;  // "null", or a scheme no page of this server has
  }
  Authority from, to;
  if (!split_authority(rest, from) || !split_authority(host_header, to)) return false;
  if (from.port.empty()) from.port = default_port;
  // A Host without a port came through the scheme's default port.
  const bool same_port = to.port.empty() ? from.port == "80" : from.port == to.port;
  // This server speaks plain HTTP: a page of https://its-name is another origin.
  if (default_port == "80" && from.name == to.name && same_port) return true;
  // A page served under a name given with --allow-host, through a proxy that
  // rewrites Host.
  return std::find(allowed_.begin(), allowed_.end(), from.name) != allowed_.end();
}

std::string OriginPolicy::describe() const {
  std::string s;
  for (const std::string& n : names_) {
    s += s.empty() ? "" : ", ";
    s += n.find(':') != std::string::npos ? "[" + n + "]" : n;
  }
  if (any_address_) s += s.empty() ? "any address" : ", any address";
  if (any_name_) s = "any name";
  return s;
}

}  // namespace nonet::server
