// settings.json in the app's data folder: what main reads before anything else starts (the server). Written
// whole to a temporary file and renamed over the old one, so a crash mid-write leaves the old settings, and
// other fields (from an older version, or set by hand) are kept.
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';

export function readSettingsFile(file: string, log: (message: string) => void): unknown {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    log(`Ignored ${file}: ${String(error)}`);
    return null;
  }
}

export async function writeSettingsField(
  file: string,
  field: string,
  value: unknown,
  log: (message: string) => void,
): Promise<void> {
  const current = readSettingsFile(file, log);
  const settings = current && typeof current === 'object' && !Array.isArray(current) ? { ...current } : {};
  const next = { ...settings, [field]: value };
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}
