import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readSettingsFile, writeSettingsField } from './settings-file';

const folder = () => mkdtempSync(join(tmpdir(), 'shelfwise-settings-'));

describe('settings.json', () => {
  it('reads nothing from a missing file and ignores one that is not JSON, saying so', () => {
    const dir = folder();
    const log = vi.fn();
    expect(readSettingsFile(join(dir, 'settings.json'), log)).toBeNull();
    writeFileSync(join(dir, 'settings.json'), '{not json');
    expect(readSettingsFile(join(dir, 'settings.json'), log)).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Ignored'));
  });

  it('sets one field and keeps the others, leaving no temporary file behind', async () => {
    const dir = folder();
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ serverUrl: 'https://old.example', other: 1 }));
    await writeSettingsField(file, 'serverUrl', 'https://books.example.org', vi.fn());
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      serverUrl: 'https://books.example.org',
      other: 1,
    });
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('replaces a file that is not an object of settings', async () => {
    const dir = folder();
    const file = join(dir, 'settings.json');
    writeFileSync(file, '["https://x.example"]');
    await writeSettingsField(file, 'serverUrl', 'https://books.example.org', vi.fn());
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ serverUrl: 'https://books.example.org' });
  });
});
