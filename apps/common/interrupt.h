#pragma once
// SIGINT and SIGTERM turned into a flag that batch runs poll, so an interrupted
// run writes every answer it has completed, in order, and then exits 130 or 143
// instead of dying with answers lost in its buffers.
//
//   nonet::app::install_interrupt_handlers();
//   options.cancel = nonet::app::interrupt_flag();   // solvers stop at once
//   ... run_batch(..., nonet::app::interrupt_flag());
//   if (int sig = nonet::app::interrupt_signal()) return 128 + sig;

#include <atomic>
#include <thread>

namespace nonet::app {

// Installs the handlers (without SA_RESTART, so a read waiting for input returns
// EINTR and the reader can see the flag). Idempotent.
void install_interrupt_handlers();
// Becomes true on the first SIGINT or SIGTERM; never reset.
const std::atomic<bool>* interrupt_flag();
// The signal that set the flag, or 0.
int interrupt_signal();

// While it lives, raises `cancel` soon (within 10 ms) after a signal: for work
// that polls a flag of its own, which another failure may raise too.
class InterruptRelay {
 public:
  explicit InterruptRelay(std::atomic<bool>& cancel);
  ~InterruptRelay();
  InterruptRelay(const InterruptRelay&) = delete;
  InterruptRelay& operator=(const InterruptRelay&) = delete;

 private:
  std::atomic<bool> done_{false};
  std::thread thread_;
};

}  // namespace nonet::app
