// What the figures were measured on, and how busy the machine was meanwhile: the report must say both,
// since two cores shared with other work make absolute figures noisy.
import { readFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem, type } from 'node:os';

export interface MachineFacts {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  versions: Record<string, string>;
}

function packageVersion(name: string): string {
  try {
    const json = JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string };
    return json.version;
  } catch {
    return '?';
  }
}

export function machineFacts(): MachineFacts {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  let os: string = type();
  try {
    os = /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? os;
  } catch {
    // not Linux: the kernel type is enough
  }
  return {
    cpu,
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os,
    node: process.version,
    versions: Object.fromEntries(
      [
        '@electric-sql/pglite',
        'pg',
        'hono',
        '@hono/node-server',
        'autocannon',
        'vite',
        '@playwright/test',
      ].map((n) => [n, packageVersion(n)]),
    ),
  };
}

/** Load average samples taken during the run, to show how quiet the machine was. */
export class LoadSampler {
  private readonly samples: number[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(everyMs = 5000) {
    this.timer = setInterval(() => this.samples.push(loadavg()[0] as number), everyMs);
    this.timer.unref();
  }

  summary(): string {
    clearInterval(this.timer);
    if (this.samples.length === 0) return 'no samples';
    const max = Math.max(...this.samples);
    const mean = this.samples.reduce((a, b) => a + b, 0) / this.samples.length;
    const free = (freemem() / 2 ** 30).toFixed(1);
    return `1-minute load average mean ${mean.toFixed(2)}, max ${max.toFixed(2)} (${this.samples.length} samples); ${free} GiB free at the end`;
  }
}
