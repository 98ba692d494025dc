#pragma once
// Runs `nonet serve` as a child process for tests and talks HTTP/1.1 to it over
// raw sockets, so that malformed and half-sent requests can be made too.

#include <sys/types.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace nonet::testing {

struct Response {
  int status = 0;    // 0 when no answer came
  std::string head;  // status line and headers
  std::string body;
  nlohmann::json json_body;  // discarded (is_discarded()) when the body is not JSON
  // A header's value, name matched without regard to case; "" when absent.
  std::string header(const std::string& name) const;
};

// A running `nonet serve` (with `--port 0` unless `extra` names a port), whose
// port is read from the banner line; stopped with SIGTERM. Its standard error
// (the access log and warnings) goes to a file, read with log().
class ServerProcess {
 public:
  // Where the server's standard error goes: a file (read with log()), or a
  // small pipe that nobody reads, as a paused `| less` or a stalled log
  // collector would leave it.
  enum class Stderr { file, stalled_pipe };
  explicit ServerProcess(std::vector<std::string> extra = {}, Stderr err = Stderr::file);
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;
  // Stops the server with SIGTERM; its exit code, -1 when it did not exit
  // normally, -2 when it had not stopped after `limit` seconds (it is then killed).
  int stop(double limit = 60);
  int port() const { return port_; }  // 0 when the banner never came
  const std::string& banner() const { return banner_; }
  pid_t pid() const { return pid_; }
  // What the server wrote to standard error so far.
  std::string log() const;
  // The server's peak resident memory so far (VmHWM), in KiB; -1 when unknown.
  long peak_rss_kb() const;

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string banner_;
  std::string log_path_;
  int stalled_ = -1;  // the unread end of a stalled standard error
};

// A connected socket to 127.0.0.1:port, or -1.
int connect_to(int port);
// Sends all of `data` (without SIGPIPE); false when the connection failed first.
bool send_all(int fd, const std::string& data);

// Sends raw bytes and reads the answer until the server closes or the body is
// complete. `half_close` ends the sending side after the request, for junk the
// server would otherwise wait on until its read timeout.
Response raw(int port, const std::string& request, bool half_close = false);
Response request(int port, const std::string& method, const std::string& path,
                 const std::string& body = "", const std::string& extra_headers = "");
Response post(int port, const std::string& path, const nlohmann::json& body);

}  // namespace nonet::testing
