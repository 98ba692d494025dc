#pragma once
// The web page's files, compiled into the binary (see embed_assets.cmake): the
// server answers from this table only and never opens a file.

#include <span>
#include <string_view>

namespace nonet::server {

struct Asset {
  std::string_view path;          // "/index.html", "/js/app.js"
  std::string_view content_type;  // "text/html; charset=utf-8"
  std::string_view body;
};

// Every embedded file, sorted by path.
std::span<const Asset> assets();
// The asset served for a request path ("/" is "/index.html"), or nullptr.
const Asset* find_asset(std::string_view path);

}  // namespace nonet::server
