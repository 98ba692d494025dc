#!/usr/bin/env python3
"""A hint storm on `nonet serve`: C connections (kept alive) ask for the next
step of distinct positions, so that every answer is worked out (none comes from
the cache), and the run reports hints/s and the latency's median and 99th
percentile. For comparing builds side by side: start each server with the same
--workers, run this against each in turn, several rounds, and compare medians.

    bench/hint_storm.py --url http://127.0.0.1:8080/ --puzzles FILE --connections 8

Only the given address is contacted; puzzles are one per line (the first 81
symbols of each line).
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import threading
import time
import urllib.parse


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--puzzles", required=True, help="one puzzle per line")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--count", type=int, default=2000, help="hints to ask for")
    parser.add_argument("--level", default="concrete", choices=["vague", "concrete", "placement"])
    args = parser.parse_args()

    with open(args.puzzles) as f:
        puzzles = [line[:81] for line in f if len(line) >= 81 and not line.startswith("#")]
    if not puzzles:
        print("hint_storm: no puzzle in " + args.puzzles, file=sys.stderr)
        return 2
    # Distinct requests: each puzzle with each level of detail... and, past the
    # file's length, the same puzzles once more with another profile.
    bodies = []
    for i in range(args.count):
        profile = ["se", "modern"][(i // len(puzzles)) % 2]
        bodies.append(json.dumps({"puzzle": puzzles[i % len(puzzles)], "level": args.level,
                                  "profile": profile}))
    target = urllib.parse.urlparse(args.url)
    next_index = 0
    lock = threading.Lock()
    latencies: list[float] = []
    failures = 0

    def worker() -> None:
        nonlocal next_index, failures
        conn = http.client.HTTPConnection(target.hostname, target.port, timeout=120)
        while True:
            with lock:
                if next_index >= len(bodies):
                    break
                body = bodies[next_index]
                next_index += 1
            start = time.monotonic()
            conn.request("POST", "/api/hint", body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            elapsed = time.monotonic() - start
            with lock:
                latencies.append(elapsed)
                if response.status != 200:
                    failures += 1
        conn.close()

    start = time.monotonic()
    threads = [threading.Thread(target=worker) for _ in range(args.connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - start
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"{len(latencies)} hints in {wall:.2f} s: {len(latencies) / wall:.1f}/s, "
          f"median {statistics.median(latencies) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
          f"{failures} not 200")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
