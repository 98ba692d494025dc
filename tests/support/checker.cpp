#include "support/checker.h"

#include <vector>

namespace nonet::testing {
namespace {

bool check(const std::vector<int>& puzzle, const std::vector<int>& solution, int br, int bc,
           std::string* why) {
  const int n = br * bc;
  auto fail = [why](std::string s) {
    if (why) *why = std::move(s);
    return false;
  };
  if (static_cast<int>(puzzle.size()) != n * n || static_cast<int>(solution.size()) != n * n) {
    return fail("wrong number of cells");
  }
  for (int i = 0; i < n * n; ++i) {
    if (solution[i] < 1 || solution[i] > n) return fail("cell " + std::to_string(i) + " not filled");
    if (puzzle[i] && puzzle[i] != solution[i]) return fail("given changed at cell " + std::to_string(i));
  }
  // Each row, column and box must hold each digit exactly once.
  for (int unit = 0; unit < n; ++unit) {
    std::vector<int> row(n + 1), col(n + 1), box(n + 1);
    const int top = (unit / (n / bc)) * br, left = (unit % (n / bc)) * bc;
    for (int k = 0; k < n; ++k) {
      ++row[solution[unit * n + k]];
      ++col[solution[k * n + unit]];
      ++box[solution[(top + k / bc) * n + left + k % bc]];
    }
    for (int d = 1; d <= n; ++d) {
      if (row[d] != 1) return fail("row " + std::to_string(unit + 1) + " breaks the rules");
      if (col[d] != 1) return fail("column " + std::to_string(unit + 1) + " breaks the rules");
      if (box[d] != 1) return fail("box " + std::to_string(unit + 1) + " breaks the rules");
    }
  }
  return true;
}

}  // namespace

bool check_solution(const Grid& puzzle, const Grid& solution, std::string* why) {
  std::vector<int> p(puzzle.values().begin(), puzzle.values().end());
  std::vector<int> s(solution.values().begin(), solution.values().end());
  return check(p, s, puzzle.geometry().box_rows(), puzzle.geometry().box_cols(), why);
}

bool check_solution_text(const std::string& puzzle, const std::string& solution, int box_rows,
                         int box_cols, std::string* why) {
  std::vector<int> p, s;
  for (char c : puzzle) p.push_back(symbol_value(c));
  for (char c : solution) s.push_back(symbol_value(c));
  return check(p, s, box_rows, box_cols, why);
}

int symbol_value(char c) {
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  return 0;
}

}  // namespace nonet::testing
