// The CPU time a process has used so far, read from /proc (Linux only; elsewhere, or for a process that is
// gone or another machine's, null). On a machine shared with other work, wall time says more about the
// neighbours than about the code; CPU seconds say what the work itself costs.
import { readFileSync } from 'node:fs';

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on every Linux we run). */
const TICKS_PER_SECOND = 100;

export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name's closing ')': state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Follows processes that come and go (database backends), keeping each one's last reading. */
export class CpuTally {
  private readonly seen = new Map<number, number>();

  sample(pids: Iterable<number>): void {
    for (const pid of pids) {
      const seconds = cpuSeconds(pid);
      if (seconds !== null) this.seen.set(pid, Math.max(seconds, this.seen.get(pid) ?? 0));
    }
  }

  /** Null when no process could be read (a remote database). */
  total(): number | null {
    return this.seen.size === 0 ? null : [...this.seen.values()].reduce((a, b) => a + b, 0);
  }
}
