"""Where one move's round trip goes at G=1: a perf sched/syscall trace cut into its steps.

    perf record -o g1.data -a -e sched:sched_switch -e sched:sched_wakeup \
        -e syscalls:sys_enter_fdatasync -e syscalls:sys_exit_fdatasync \
        -e syscalls:sys_enter_sendto -e syscalls:sys_enter_write -e syscalls:sys_enter_recvfrom \
        -e syscalls:sys_enter_read -e syscalls:sys_enter_writev -- sleep 1   # inside the window
    perf script -i g1.data -F comm,pid,tid,cpu,time,event,trace > g1.txt
    python3 bench/g1_cycle.py g1.txt SERVER_PID PG_WRITER_PID LOAD_PID [PG_FD] [LISTENER_PID]

(during ``bench/peer/run.sh --meja-only -c 1:2``; the writer backend is the one calling
fdatasync, PG_FD the server's descriptor of its connection, default 0x17). A cycle runs from
the load generator's write of a move to its next one: the server reads the frame, sends the
commit, the backend executes and flushes, the server writes both players' patches, the load
generator reads them and sends the next move. Per step: median and mean, and how much of it
other processes held the CPU (on a shared machine most of a slow cycle is waiting for a CPU).
Diagnosis only.
"""

from __future__ import annotations

import re
import statistics as st
import sys

LINE = re.compile(r"^\s*(\S+)\s+(\d+)/(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(\S+):\s*(.*)$")
#: The marks of one cycle, in order: (name, whose thread, event, file descriptor or None).
MARKS = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "I2", "J"]
#: (from, to, what, the CPU it runs on: 0 server and PostgreSQL, 1 the load generator)
STEPS = [("A", "B", "client write -> server reads the frame", 0),
         ("B", "C", "server: frame -> engine -> commit sent", 0),
         ("C", "D", "PostgreSQL backend wakes", 0),
         ("D", "E", "backend executes the statement", 0),
         ("E", "F", "fdatasync (WAL flush)", 0),
         ("F", "G", "backend: flush -> result sent", 0),
         ("G", "H", "server wakes on the result", 0),
         ("H", "I2", "server: result -> both patches written", 0),
         ("I2", "J", "client wakes", 1),
         ("J", "A2", "client: patches read -> next move sent", 1)]


def main() -> None:
    """Read the trace, cut it into cycles, print the table."""
    path, srv, pgw, node = sys.argv[1:5]
    pgfd = sys.argv[5] if len(sys.argv) > 5 else "0x00000017"
    mine = {srv, pgw, node, sys.argv[6] if len(sys.argv) > 6 else ""}
    seq = [
        (node, "syscalls:sys_enter_writev", None), (srv, "syscalls:sys_enter_read", None),
        (srv, "syscalls:sys_enter_sendto", pgfd), (pgw, "syscalls:sys_enter_recvfrom", None),
        (pgw, "syscalls:sys_enter_fdatasync", None), (pgw, "syscalls:sys_exit_fdatasync", None),
        (pgw, "syscalls:sys_enter_sendto", None), (srv, "syscalls:sys_enter_recvfrom", pgfd),
        (srv, "syscalls:sys_enter_write", None), (srv, "syscalls:sys_enter_write", None),
        (node, "syscalls:sys_enter_read", None)]
    running: dict[int, tuple[float, str]] = {}
    runs: dict[int, list[tuple[float, float, str]]] = {}
    cycles: list[dict[str, float]] = []
    marks: dict[str, float] = {}
    i = 0
    for line in open(path):
        m = LINE.match(line)
        if not m:
            continue
        _, _, tid, cpu, ts, name, rest = m.groups()
        t = float(ts)
        if name == "sched:sched_switch":
            nxt = re.search(r"next_pid=(\d+)", rest)
            c = int(cpu)
            if c in running:
                runs.setdefault(c, []).append((running[c][0], t, running[c][1]))
            running[c] = (t, nxt.group(1) if nxt else "0")
        who, event, fd = seq[i]
        if tid == who and name == event and (fd is None or f"fd: {fd}" in rest):
            marks[MARKS[i]] = t
            i += 1
            if i == len(seq):
                cycles.append(marks)
                marks, i = {}, 0
        elif i > 0 and tid == node and name == "syscalls:sys_enter_writev":
            marks, i = {"A": t}, 1  # a cycle broke off: start again at this move
    for cycle, following in zip(cycles, cycles[1:], strict=False):
        cycle["A2"] = following["A"]
    cycles = cycles[:-1]

    def others(cpu: int, t0: float, t1: float) -> float:
        return sum(min(e, t1) - max(s, t0) for s, e, pid in runs.get(cpu, [])
                   if e > t0 and s < t1 and pid not in mine and pid != "0")

    total = [c["A2"] - c["A"] for c in cycles]
    print(f"{len(cycles)} cycles, median {st.median(total) * 1e3:.3f} ms, "
          f"mean {st.mean(total) * 1e3:.3f} ms")
    for a, b, what, cpu in STEPS:
        d = [c[b] - c[a] for c in cycles]
        o = [others(cpu, c[a], c[b]) for c in cycles]
        print(f"{a:>2}->{b:<2} {what:42s} median {st.median(d) * 1e3:6.3f} "
              f"mean {st.mean(d) * 1e3:6.3f} ms; other processes on CPU{cpu} "
              f"mean {st.mean(o) * 1e3:6.3f} ms")


if __name__ == "__main__":
    main()
