# Writes OUTPUT, a C++ file holding the bytes of every file in FILES (paths under
# ROOT) as a table of nonet::server::Asset, with the page's service worker (made
# from the template SW) and, when QRCODE names it, the QR code generator served
# as vendor/qrcode.js. Run as `cmake -P` at build time, so the page changes
# whenever one of its files does.
# @NAME@ in the service worker's template is text to replace, not a variable.
cmake_policy(SET CMP0053 NEW)
set(body "")
set(paths "")
set(index 0)

# embed(PATH HEX TYPE): bytes HEX (as file(READ ... HEX) gives them) as the
# asset at PATH with content type TYPE.
function(embed path hex type)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
  string(MAKE_C_IDENTIFIER "${path}" id)
  if(DEFINED line_${id})
    message(FATAL_ERROR "embed_assets: two assets named like ${path}")
  endif()
  set(line_${id} "    {\"${path}\", \"${type}\", {reinterpret_cast<const char*>(kAsset${index}), ${size}}},\n" PARENT_SCOPE)
  set(body "${body}const unsigned char kAsset${index}[] = {\n${bytes}0};\n" PARENT_SCOPE)
  list(APPEND paths "${path}")
  set(paths "${paths}" PARENT_SCOPE)
  math(EXPR index "${index} + 1")
  set(index ${index} PARENT_SCOPE)
endfunction()

# The page's files; their paths and hashes go into the service worker.
list(SORT FILES)
set(hashes "")
set(offline "  \"./\",\n")
foreach(file IN LISTS FILES)
  file(RELATIVE_PATH rel ${ROOT} ${file})
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
  file(READ ${file} hex HEX)
  embed("/${rel}" "${hex}" "${type}")
  file(SHA256 ${file} sum)
  string(APPEND hashes "${rel}:${sum}\n")
  string(APPEND offline "  \"${rel}\",\n")
endforeach()

# The QR code generator, when given.
if(QRCODE)
  file(READ ${QRCODE} hex HEX)
  embed("/vendor/qrcode.js" "${hex}" "text/javascript; charset=utf-8")
  file(SHA256 ${QRCODE} sum)
  string(APPEND hashes "vendor/qrcode.js:${sum}\n")
  string(APPEND offline "  \"vendor/qrcode.js\",\n")
endif()

# The service worker (from the template SW, as the static site's): it keeps
# every file of the page, under a version that is their hash, so the served
# page opens and plays offline after one visit.
string(SHA256 version "${hashes}")
string(SUBSTRING "${version}" 0 16 version)
file(READ ${SW} sw)
string(REPLACE "@VERSION@" "${version}" sw "${sw}")
string(REPLACE "@FILES@\n" "${offline}" sw "${sw}")
string(HEX "${sw}" hex)
embed("/sw.js" "${hex}" "text/javascript; charset=utf-8")

# The table in path order: find_asset searches it by halves.
list(SORT paths)
set(table "")
foreach(path IN LISTS paths)
  string(MAKE_C_IDENTIFIER "${path}" id)
  string(APPEND table "${line_${id}}")
endforeach()

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
