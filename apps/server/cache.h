#pragma once
// A bounded, least-recently-used cache of finished answers, by key: repeated
// hints on one game, or one daily puzzle rated for many players, come from
// memory instead of a search. Bounded by bytes (keys and answers counted);
// safe to use from any thread.
//
//   nonet::server::AnswerCache cache(16 << 20);
//   cache.put(key, {200, body_text});
//   if (auto hit = cache.get(key)) send(hit->status, hit->body);

#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace nonet::server {

struct CachedAnswer {
  int status = 200;
  // The answer as sent, without its "elapsed_ms" when `timed`: each answer
  // from the cache carries its own (with_elapsed in connection.h).
  std::string body;
  bool timed = false;
};

class AnswerCache {
 public:
  explicit AnswerCache(std::size_t max_bytes) : max_bytes_(max_bytes) {}
  AnswerCache(const AnswerCache&) = delete;
  AnswerCache& operator=(const AnswerCache&) = delete;

  // The answer kept under `key`, now the most recently used; counts a hit or a miss.
  std::optional<CachedAnswer> get(const std::string& key);
  // Keeps `answer` under `key`, dropping the least recently used entries until
  // everything fits. An entry larger than a quarter of the cache is not kept.
  void put(const std::string& key, CachedAnswer answer);

  struct Stats {
    std::size_t entries = 0, bytes = 0, max_bytes = 0;
    std::uint64_t hits = 0, misses = 0, evictions = 0;
  };
  Stats stats() const;

 private:
  struct Entry {
    std::string key;
    CachedAnswer answer;
    std::size_t bytes() const { return key.size() + answer.body.size() + sizeof(Entry); }
  };
  using List = std::list<Entry>;  // most recently used first

  mutable std::mutex mutex_;
  const std::size_t max_bytes_;
  std::size_t bytes_ = 0;
  List entries_;
  std::unordered_map<std::string_view, List::iterator> index_;  // views of the entries' keys
  std::uint64_t hits_ = 0, misses_ = 0, evictions_ = 0;
};

}  // namespace nonet::server
