# Writes OUTPUT, a C++ file holding the bytes of every file in FILES (paths under
# ROOT) as a table of nonet::server::Asset. Run as `cmake -P` at build time, so
# the page changes whenever one of its files does.
# @NAME@ in the service worker's template is text to replace, not a variable.
cmake_policy(SET CMP0053 NEW)
set(body "")
set(table "")
set(index 0)
list(SORT FILES)
foreach(file IN LISTS FILES)
  file(RELATIVE_PATH rel ${ROOT} ${file})
  file(READ ${file} hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
  get_filename_component(ext ${file} LAST_EXT)
  if(ext STREQUAL ".html")
    set(type "text/html; charset=utf-8")
  elseif(ext STREQUAL ".css")
    set(type "text/css; charset=utf-8")
  elseif(ext STREQUAL ".js")
    set(type "text/javascript; charset=utf-8")
  elseif(ext STREQUAL ".svg")
    set(type "image/svg+xml")
  elseif(ext STREQUAL ".png")
    set(type "image/png")
  elseif(ext STREQUAL ".ico")
    set(type "image/x-icon")
  elseif(ext STREQUAL ".webmanifest")
    set(type "application/manifest+json")
  else()
    set(type "application/octet-stream")
  endif()
  string(APPEND body "const unsigned char kAsset${index}[] = {\n${bytes}0};\n")
  string(APPEND table "    {\"/${rel}\", \"${type}\", {reinterpret_cast<const char*>(kAsset${index}), ${size}}},\n")
  math(EXPR index "${index} + 1")
endforeach()
# The service worker (from the template SW, as the static site's): it keeps
# every file of the page, under a version that is their hash, so the served
# page opens and plays offline after one visit.
set(all_hex "")
set(list "  \"./\",\n")
foreach(file IN LISTS FILES)
  file(RELATIVE_PATH rel ${ROOT} ${file})
  file(SHA256 ${file} sum)
  string(APPEND all_hex "${rel}:${sum}\n")
  string(APPEND list "  \"${rel}\",\n")
endforeach()
if(QRCODE)
  file(SHA256 ${QRCODE} sum)
  string(APPEND all_hex "vendor/qrcode.js:${sum}\n")
  string(APPEND list "  \"vendor/qrcode.js\",\n")
endif()
string(SHA256 version "${all_hex}")
string(SUBSTRING "${version}" 0 16 version)
file(READ ${SW} sw)
string(REPLACE "@VERSION@" "${version}" sw "${sw}")
string(REPLACE "@FILES@\n" "${list}" sw "${sw}")
string(HEX "${sw}" hex)
string(LENGTH "${hex}" hex_length)
math(EXPR size "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(APPEND body "const unsigned char kAsset${index}[] = {\n${bytes}0};\n")
# Kept in path order: find_asset searches the table by halves.
set(entry "    {\"/sw.js\", \"text/javascript; charset=utf-8\", {reinterpret_cast<const char*>(kAsset${index}), ${size}}},\n")
string(FIND "${table}" "    {\"/style.css\"" at)
if(at LESS 0)
  message(FATAL_ERROR "embed_assets: no style.css to place sw.js after")
endif()
string(SUBSTRING "${table}" 0 ${at} head)
string(SUBSTRING "${table}" ${at} -1 tail)
# "/style.css" < "/sw.js": after style.css's line.
string(FIND "${tail}" "\n" eol)
math(EXPR eol "${eol} + 1")
string(SUBSTRING "${tail}" 0 ${eol} style_line)
string(SUBSTRING "${tail}" ${eol} -1 rest)
set(table "${head}${style_line}${entry}${rest}")

# The QR code generator, when given: the last in path order ("/vendor/").
if(QRCODE)
  math(EXPR index "${index} + 1")
  file(READ ${QRCODE} hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(APPEND body "const unsigned char kAsset${index}[] = {\n${bytes}0};\n")
  string(APPEND table "    {\"/vendor/qrcode.js\", \"text/javascript; charset=utf-8\", {reinterpret_cast<const char*>(kAsset${index}), ${size}}},\n")
endif()

file(WRITE ${OUTPUT}.tmp "// Generated from web/ by embed_assets.cmake: do not edit.
#include \"server/assets.h\"

namespace nonet::server {
namespace {
${body}
const Asset kAssets[] = {
${table}};
}  // namespace

std::span<const Asset> assets() { return kAssets; }

}  // namespace nonet::server
")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.tmp)
