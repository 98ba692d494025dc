#include "server/cache.h"

namespace nonet::server {

std::optional<CachedAnswer> AnswerCache::get(const std::string& key) {
  std::lock_guard lock(mutex_);
  const auto it = index_.find(key);
  if (it == index_.end()) {
    ++misses_;
    return std::nullopt;
  }
  ++hits_;
  entries_.splice(entries_.begin(), entries_, it->second);
  return it->second->answer;
}

void AnswerCache::put(const std::string& key, CachedAnswer answer) {
  Entry entry{key, std::move(answer)};
  if (entry.bytes() > max_bytes_ / 4) return;
  std::lock_guard lock(mutex_);
  if (const auto it = index_.find(key); it != index_.end()) {
    const List::iterator old = it->second;
    bytes_ -= old->bytes();
    index_.erase(it);
    entries_.erase(old);
  }
  bytes_ += entry.bytes();
  entries_.push_front(std::move(entry));
  index_.emplace(entries_.front().key, entries_.begin());
  while (bytes_ > max_bytes_ && !entries_.empty()) {
    const Entry& last = entries_.back();
    bytes_ -= last.bytes();
    index_.erase(last.key);
    entries_.pop_back();
    ++evictions_;
  }
}

AnswerCache::Stats AnswerCache::stats() const {
  std::lock_guard lock(mutex_);
  return {entries_.size(), bytes_, max_bytes_, hits_, misses_, evictions_};
}

}  // namespace nonet::server
