// The resident memory of a server and every process it started (node:cluster workers are its children),
// read from /proc, so the report can say what the server holds under load. Linux only; elsewhere null.
import { readFileSync, readdirSync } from 'node:fs';

function parentOf(pid: number): number | null {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: the fields after its ')' are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kib ? Number(kib) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** RSS of `root` plus all its descendants, in bytes; null where /proc is not there. */
export function treeRss(root: number): number | null {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number);
  } catch {
    return null;
  }
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += rssBytes(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Samples treeRss every `everyMs` until stopped; reports the peak and the last sample. */
export function sampleRss(root: number, everyMs = 500): () => { peak: number; last: number } | null {
  let peak = 0;
  let last = 0;
  let seen = false;
  const take = () => {
    const rss = treeRss(root);
    if (rss === null) return;
    seen = true;
    last = rss;
    peak = Math.max(peak, rss);
  };
  take();
  const timer = setInterval(take, everyMs);
  return () => {
    clearInterval(timer);
    take();
    return seen ? { peak, last } : null;
  };
}
