import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createMainLog } from './log-file';

describe('main’s log file', () => {
  it('writes each line to main.log in the app’s log folder, and rotates it at 1 MB', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const folder = mkdtempSync(join(tmpdir(), 'shelfwise-logs-'));
    const { log, folder: shown } = createMainLog(() => folder);
    log('The page stopped: crashed.');
    expect(shown()).toBe(folder);
    expect(readFileSync(join(folder, 'main.log'), 'utf8')).toMatch(
      /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] \[warn\] +The page stopped: crashed\.\n$/,
    );
    const line = 'x'.repeat(10_000);
    for (let i = 0; i < 110; i++) log(line);
    expect(existsSync(join(folder, 'main.old.log'))).toBe(true);
    expect(readFileSync(join(folder, 'main.log')).length).toBeLessThan(1024 * 1024);
  });
});
