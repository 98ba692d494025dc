// nonet techniques | solvers | options: the tables behind the other commands.

#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/commands.h"
#include "cli/options.h"
#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/logic.h"
#include "ops/options.h"
#include "ops/values.h"

namespace nonet::cli {
namespace {

// The technique table, as `nonet techniques` prints it: every row, or one
// profile's rows in the order it tries them.
std::string techniques_text(std::optional<Profile> profile, const std::string& format) {
  std::vector<Technique> rows;
  if (profile) {
    const auto list = profile_techniques(*profile);
    rows.assign(list.begin(), list.end());
  } else {
    for (const TechniqueInfo& info : technique_table()) rows.push_back(info.technique);
  }
  auto profiles = [](const TechniqueInfo& info) {
    std::string p;
    for (Profile pr : {Profile::se, Profile::modern}) {
      if (info.in(pr)) p += (p.empty() ? "" : " ") + std::string(profile_name(pr));
    }
    return p;
  };
  std::string out;
  if (format == "json") {
    for (Technique t : rows) {
      const TechniqueInfo& info = technique_info(t);
      nlohmann::json profs = nlohmann::json::array();
      for (Profile pr : {Profile::se, Profile::modern}) {
        if (info.in(pr)) profs.push_back(std::string(profile_name(pr)));
      }
      out += nlohmann::json{{"id", std::string(info.id)},
                            {"name", std::string(info.name)},
                            {"rating", info.rating / 10.0},
                            {"rating_rule", std::string(info.rating_rule)},
                            {"hodoku_level", std::string(hodoku_level_name(info.hodoku_level))},
                            {"hodoku_score", info.hodoku_score},
                            {"profiles", std::move(profs)}}
                 .dump() +
             "\n";
    }
    return out;
  }
  if (format == "markdown") {
    out =
        "| technique | id | SE rating | HoDoKu level, score | profiles |\n"
        "|---|---|---|---|---|\n";
    for (Technique t : rows) {
      const TechniqueInfo& info = technique_info(t);
      out += "| " + std::string(info.name) + " | `" + std::string(info.id) + "` | " +
             std::string(info.rating_rule) + " | " +
             std::string(hodoku_level_name(info.hodoku_level)) + ", " +
             std::to_string(info.hodoku_score) + " | " + profiles(info) + " |\n";
    }
    return out;
  }
  for (Technique t : rows) {
    const TechniqueInfo& info = technique_info(t);
    char line[160];
    std::snprintf(line, sizeof line, "%-27s %-27s %4s  %-8s %5d  %s\n",
                  std::string(info.id).c_str(), std::string(info.name).c_str(),
                  format_rating(info.rating, true).c_str(),
                  std::string(hodoku_level_name(info.hodoku_level)).c_str(), info.hodoku_score,
                  profiles(info).c_str());
    out += line;
  }
  return out;
}

int print(const std::string& text) {
  return std::fwrite(text.data(), 1, text.size(), stdout) == text.size() ? 0 : 1;
}

}  // namespace

void add_info_commands(CLI::App& app, Action& action) {
  static std::string list_profile = "all", list_format = "line", options_format = "line";
  CLI::App* list = app.add_subcommand(
      "techniques", "List the techniques: id, name, SE rating, HoDoKu level and score, profiles");
  const auto all_or_profile = [](const std::string& name) {
    return name == "all" || ops::read_profile(name)
               ? std::string()
               : "expected all, se or modern, not '" + name.substr(0, 40) + "'";
  };
  list->add_option("-t,--profile", list_profile,
                   "Which: all (every technique, in table order, the default), se or modern (the "
                   "profile's techniques in the order it tries them)")
      ->check(all_or_profile);
  list->add_option("--techniques", list_profile)->group("")->check(all_or_profile);
  list->add_option("-f,--format", list_format,
                   "Output: line (aligned columns, the default), json (JSON Lines) or markdown")
      ->check(CLI::IsMember({"line", "json", "markdown"}));
  list->callback([&action] {
    action = [] {
      const std::optional<Profile> profile =
          list_profile == "all" ? std::nullopt : profile_from_name(list_profile);
      return print(techniques_text(profile, list_format));
    };
  });

  CLI::App* solver_list = app.add_subcommand("solvers", "List the solvers");
  solver_list->callback([&action] {
    action = [] {
      std::string text;
      for (const SolverInfo& info : solvers()) {
        char line[200];
        std::snprintf(line, sizeof line, "%-8s %.*s\n", std::string(info.name).c_str(),
                      static_cast<int>(info.summary.size()), info.summary.data());
        text += line;
      }
      return print(text);
    };
  });

  static std::string variants_format = "line";
  CLI::App* variant_list = app.add_subcommand(
      "variants", "List the variants nonet generate --variant makes: id, name, rule");
  variant_list
      ->add_option("-f,--format", variants_format, "Output: line (the default) or json (JSON Lines)")
      ->check(CLI::IsMember({"line", "json"}));
  variant_list->callback([&action] {
    action = [] {
      std::string text;
      for (const VariantKindInfo& k : variant_kinds()) {
        if (variants_format == "json") {
          text += nlohmann::json{{"id", k.id}, {"name", k.name}, {"rule", k.rule}}.dump() + "\n";
          continue;
        }
        char line[320];
        std::snprintf(line, sizeof line, "%-16s %-23s %s\n", k.id, k.name, k.rule);
        text += line;
      }
      return print(text);
    };
  });

  CLI::App* options = app.add_subcommand(
      "options",
      "List every operation's options, each under one name in the CLI (--name), the JSON API "
      "(\"name\") and Python (name=)");
  options->add_option("-f,--format", options_format,
                      "Output: line (the default), json (JSON Lines) or markdown")
      ->check(CLI::IsMember({"line", "json", "markdown"}));
  options->callback([&action] { action = [] { return print(ops::options_text(options_format)); }; });
}

}  // namespace nonet::cli
