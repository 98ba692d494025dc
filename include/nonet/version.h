#pragma once
namespace nonet {
inline constexpr const char* kVersion = "0.1.0";
}
