#pragma once
// Target regions for fast9's instruction-set paths: code between
// NONET_FAST9_TARGET_BEGIN("avx2,bmi2") and NONET_FAST9_TARGET_END is compiled
// for those instructions while the rest of the file (and every header included
// before the region) stays at the build's baseline. That keeps functions the
// compiler emits once for the whole program (inline functions of the standard
// library and of nonet's headers) free of instructions that not every CPU
// has; only code the dispatcher reaches after checking the CPU uses them.

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define NONET_FAST9_X86 1
#include <immintrin.h>
#else
#define NONET_FAST9_X86 0
#endif

#define NONET_FAST9_PRAGMA(x) _Pragma(#x)
#if defined(__clang__)
#define NONET_FAST9_TARGET_BEGIN(features) \
  NONET_FAST9_PRAGMA(clang attribute push(__attribute__((target(features))), apply_to = function))
#define NONET_FAST9_TARGET_END NONET_FAST9_PRAGMA(clang attribute pop)
#else
#define NONET_FAST9_TARGET_BEGIN(features) \
  NONET_FAST9_PRAGMA(GCC push_options) NONET_FAST9_PRAGMA(GCC target(features))
#define NONET_FAST9_TARGET_END NONET_FAST9_PRAGMA(GCC pop_options)
#endif
