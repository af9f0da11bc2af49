import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ELECTRON_SUPPORT_WINDOW, electronSupportProblem, pinnedElectronVersion } from './electron-support';

const WINDOW = [
  { major: 43, stable: '2026-06-30', endOfSupport: '2026-12-15' },
  { major: 44, stable: '2026-08-25', endOfSupport: '2027-02-09' },
  { major: 45, stable: '2026-10-20', endOfSupport: '2027-04-06' },
];

describe('the Electron support gate', () => {
  it('passes a major inside the window before its support ends', () => {
    expect(electronSupportProblem('45.5.0', '2026-11-27', WINDOW)).toBeNull();
    expect(electronSupportProblem('43.0.1', '2026-12-14', WINDOW)).toBeNull();
  });

  it('fails a major older than the latest three, naming the three', () => {
    expect(electronSupportProblem('41.7.1', '2026-11-27', WINDOW)).toMatch(
      /Electron 41\.7\.1 is out of support: .*\(43, 44, 45\)/,
    );
  });

  it('fails a major in the table once its end of support has come, even if nobody touched the table', () => {
    expect(electronSupportProblem('43.0.1', '2026-12-15', WINDOW)).toMatch(/left support on 2026-12-15/);
  });

  it('asks for the table to be updated when the pin is newer than it knows', () => {
    expect(electronSupportProblem('46.0.0', '2026-12-20', WINDOW)).toMatch(/newer than the support table/);
  });

  it('reads the exact pin from package.json and refuses ranges', () => {
    expect(pinnedElectronVersion(JSON.stringify({ devDependencies: { electron: '45.5.0' } }))).toBe('45.5.0');
    expect(() => pinnedElectronVersion(JSON.stringify({ devDependencies: { electron: '^45.5.0' } }))).toThrow(
      /exact version/,
    );
    expect(() => pinnedElectronVersion('{}')).toThrow(/found none/);
  });

  it('knows the repository’s own pin, in a table of three consecutive majors', () => {
    const pin = pinnedElectronVersion(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(ELECTRON_SUPPORT_WINDOW.map((m) => m.major)).toContain(Number(pin.split('.')[0]));
    const majors = ELECTRON_SUPPORT_WINDOW.map((m) => m.major);
    const first = majors[0] ?? 0;
    expect(majors).toEqual([first, first + 1, first + 2]);
  });
});
