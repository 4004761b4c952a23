#!/usr/bin/env python3
"""Runs a command and samples its resident set size every 100 ms.

    soak/rss.py NAME [--interval 0.1] -- COMMAND ARGS...

Reads VmRSS (and VmHWM, the kernel's own peak) from /proc/PID/status every
100 ms while the command runs, and timestamps each line the command prints.
Writes soak/results/NAME.csv (seconds, rss_kib) and soak/results/NAME.log
(the command's output with timestamps), and prints a summary:

    start     RSS at the first sample
    warm-up   RSS when the command printed its first PROGRESS line (or at
              10% of the run if it prints none)
    end       RSS at the last sample before the command exited
    peak      the highest sample, and VmHWM

Exit status: the command's.
"""
import os
import subprocess
import sys
import threading
import time


def read_status(pid):
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    k, v = line.split(":", 1)
                    out[k] = int(v.split()[0])
    except (FileNotFoundError, ProcessLookupError):
        pass
    return out


def main():
    args = sys.argv[1:]
    if "--" not in args or not args or args[0] == "--":
        print(__doc__, file=sys.stderr)
        return 2
    sep = args.index("--")
    name, opts, cmd = args[0], args[1:sep], args[sep + 1 :]
    interval = 0.1
    if opts[:1] == ["--interval"]:
        interval = float(opts[1])
    here = os.path.dirname(os.path.abspath(__file__))
    results = os.path.join(here, "results")
    os.makedirs(results, exist_ok=True)
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    lines = []

    def reader():
        for line in proc.stdout:
            t = time.monotonic() - t0
            lines.append((t, line.rstrip("\n")))
            print(f"[{t:8.2f}s] {line}", end="", flush=True)

    th = threading.Thread(target=reader, daemon=True)
    th.start()
    samples = []
    hwm = 0
    while proc.poll() is None:
        st = read_status(proc.pid)
        if "VmRSS" in st:
            samples.append((time.monotonic() - t0, st["VmRSS"]))
            hwm = max(hwm, st.get("VmHWM", 0))
        time.sleep(interval)
    th.join(timeout=5)
    elapsed = time.monotonic() - t0
    with open(os.path.join(results, f"{name}.csv"), "w") as f:
        f.write("seconds,rss_kib\n")
        for t, r in samples:
            f.write(f"{t:.3f},{r}\n")
    with open(os.path.join(results, f"{name}.log"), "w") as f:
        for t, l in lines:
            f.write(f"{t:.3f} {l}\n")
    if not samples:
        print(f"{name}: no samples (the command ended within {elapsed:.2f}s)")
        return proc.returncode

    def at(t):
        best = samples[0]
        for s in samples:
            if s[0] <= t:
                best = s
        return best

    progress = [t for t, l in lines if l.startswith("PROGRESS") or l.startswith("ROUND 1 closed")]
    warm_t = progress[0] if progress else elapsed * 0.1
    start, warm, end = samples[0], at(warm_t), samples[-1]
    peak = max(samples, key=lambda s: s[1])
    mib = lambda k: f"{k / 1024:.1f} MiB"
    print(f"\n{name}: {elapsed:.1f}s, {len(samples)} samples every {interval * 1000:.0f} ms, exit {proc.returncode}")
    print(f"  start   {mib(start[1]):>12} at {start[0]:.2f}s")
    print(f"  warm-up {mib(warm[1]):>12} at {warm[0]:.2f}s")
    print(f"  end     {mib(end[1]):>12} at {end[0]:.2f}s")
    print(f"  peak    {mib(peak[1]):>12} at {peak[0]:.2f}s (VmHWM {mib(hwm)})")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
