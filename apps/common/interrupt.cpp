#include "common/interrupt.h"

#include <chrono>
#include <csignal>

namespace nonet::app {
namespace {

// A lock-free atomic is safe to store to from a signal handler.
std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

extern "C" void on_interrupt(int sig) {
  int none = 0;
  g_signal.compare_exchange_strong(none, sig);
  g_interrupted.store(true);
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocked read returns so the flag is seen
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

const std::atomic<bool>* interrupt_flag() { return &g_interrupted; }

int interrupt_signal() { return g_signal.load(); }

InterruptRelay::InterruptRelay(std::atomic<bool>& cancel)
    : thread_([this, &cancel] {
        while (!done_.load()) {
          if (g_interrupted.load()) cancel.store(true);
          std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
      }) {}

InterruptRelay::~InterruptRelay() {
  done_.store(true);
  thread_.join();
}

}  // namespace nonet::app
