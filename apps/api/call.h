#pragma once
// A request as read from its JSON: the operation's typed request and what the
// route adds to it. Shared by read.cpp (which makes it) and answer.cpp (which
// runs it); nothing outside apps/api sees inside it.

#include <optional>
#include <variant>

#include "api/api.h"
#include "ops/ops.h"

namespace nonet::api {

struct ValidateCall {
  Grid puzzle;
  std::shared_ptr<const VariantPuzzle> variant{};  // checked in place of `puzzle`, when given
};
struct CandidatesCall {
  Grid puzzle;
};
struct CanonCall {
  Grid puzzle;
  bool as_transform = false;  // /api/transform with "canonical": true, in its own shape
};
struct GenerateCall {
  ops::GenerateRequest request;
  bool seeded = false;  // a "seed" was given; else the server's seed is used
};
struct TransformCall {
  ops::TransformRequest request;
  bool seeded = false;
};

struct Call {
  std::variant<std::monostate, ops::SolveRequest, ValidateCall, CandidatesCall, ops::HintRequest,
               ops::ExplainRequest, ops::RateRequest, GenerateCall, TransformCall, CanonCall,
               ops::ConvertRequest>
      request;
};

// The JSON value's type as a message names it: "a string", "an array", ...
const char* type_name(const nlohmann::json& value);
// The HTTP status of a bad_value failure of the operations' checks.
int bad_value_status(const ops::Failure& failure);

}  // namespace nonet::api
