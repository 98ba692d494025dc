#include "support/server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

namespace nonet::testing {

std::string Response::header(const std::string& name) const {
  // Case-insensitive search for "\r\nName: value".
  std::string lower_head = head, key = "\r\n" + name + ":";
  for (char& c : lower_head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::size_t at = lower_head.find(key);
  if (at == std::string::npos) return "";
  const std::size_t begin = at + key.size();
  const std::size_t end = head.find("\r\n", begin);
  std::string value = head.substr(begin, end - begin);
  while (!value.empty() && value.front() == ' ') value.erase(0, 1);
  return value;
}

ServerProcess::ServerProcess(std::vector<std::string> extra, Stderr err_to) {
  static int counter = 0;
  log_path_ = ::testing::TempDir() + "nonet_serve_" + std::to_string(getpid()) + "_" +
              std::to_string(counter++) + ".log";
  int out[2];
  if (pipe(out) != 0) return;
  int stalled[2] = {-1, -1};
  if (err_to == Stderr::stalled_pipe) {
    if (pipe(stalled) != 0) return;
    fcntl(stalled[1], F_SETPIPE_SZ, 4096);  // fills after a few dozen lines
    stalled_ = stalled[0];
  }
  pid_ = fork();
  if (pid_ == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    if (stalled[1] >= 0) {
      dup2(stalled[1], STDERR_FILENO);
      close(stalled[0]);
      close(stalled[1]);
    } else {
      const int err = open(log_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (err >= 0) dup2(err, STDERR_FILENO);
    }
    std::vector<std::string> args = {NONET_CLI_PATH, "serve"};
    if (std::find(extra.begin(), extra.end(), "--port") == extra.end()) {
      args.push_back("--port");
      args.push_back("0");
    }
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(out[1]);
  if (stalled[1] >= 0) close(stalled[1]);
  // The first line names the address: "nonet: serving on http://127.0.0.1:PORT/ ...".
  std::string line;
  char c;
  pollfd p{out[0], POLLIN, 0};
  while (line.find('\n') == std::string::npos && poll(&p, 1, 10000) > 0 && read(out[0], &c, 1) == 1)
    line += c;
  close(out[0]);
  const std::size_t at = line.find("127.0.0.1:");
  if (at != std::string::npos) port_ = std::atoi(line.c_str() + at + 10);
  banner_ = line;
}

ServerProcess::~ServerProcess() {
  stop();
  if (stalled_ >= 0) close(stalled_);
  std::remove(log_path_.c_str());
}

std::string ServerProcess::log() const {
  std::ifstream in(log_path_);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

long ServerProcess::peak_rss_kb() const {
  if (pid_ <= 0) return -1;
  std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
  return -1;
}

int ServerProcess::stop(double limit) {
  if (pid_ <= 0) return -1;
  kill(pid_, SIGTERM);
  int status = 0;
  const auto start = std::chrono::steady_clock::now();
  while (waitpid(pid_, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() - start > std::chrono::duration<double>(limit)) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      pid_ = -1;
      return -2;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int connect_to(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

bool send_all(int fd, const std::string& data) {
  std::size_t sent = 0;
  while (sent < data.size()) {
    const ssize_t n = send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

Response raw(int port, const std::string& request, bool half_close) {
  Response r;
  const int fd = connect_to(port);
  if (fd < 0) return r;
  std::size_t sent = 0;
  while (sent < request.size()) {
    const ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;  // the server may answer (413) and close before reading it all
    sent += static_cast<std::size_t>(n);
  }
  if (half_close) shutdown(fd, SHUT_WR);
  std::string data;
  char buffer[65536];
  pollfd p{fd, POLLIN, 0};
  // Generous: requests with a time budget of several seconds, on a loaded machine.
  while (poll(&p, 1, 30000) > 0) {
    const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    data.append(buffer, static_cast<std::size_t>(n));
    const std::size_t end = data.find("\r\n\r\n");
    if (end != std::string::npos) {
      r.head = data.substr(0, end);
      const std::string length = r.header("Content-Length");
      if (!length.empty() && data.size() >= end + 4 + std::stoul(length)) break;
    }
  }
  close(fd);
  const std::size_t end = data.find("\r\n\r\n");
  if (end == std::string::npos) return r;
  r.head = data.substr(0, end);
  r.body = data.substr(end + 4);
  if (r.head.size() > 12) r.status = std::atoi(r.head.c_str() + 9);
  r.json_body = nlohmann::json::parse(r.body, nullptr, false);
  return r;
}

Response request(int port, const std::string& method, const std::string& path,
                 const std::string& body, const std::string& extra_headers) {
  std::string req =
      method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + extra_headers;
  if (method != "GET" && method != "HEAD")
    req +=
        "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
  req += "\r\n" + body;
  return raw(port, req);
}

Response post(int port, const std::string& path, const nlohmann::json& body) {
  return request(port, "POST", path, body.dump());
}

}  // namespace nonet::testing
