import { describe, expect, it } from 'vitest';
import { importedReadLine, importedReadStart } from './imported-read';

const log = (over: Partial<Parameters<typeof importedReadLine>[0]> = {}) => ({
  imported: true,
  event_type: 'finish' as const,
  created_at: '2023-05-01T12:00:00.000Z',
  read_started_at: null,
  ...over,
});

describe('imported reads in Reading Logs', () => {
  it("names an imported finish as one line: 'Read, finished May 1, 2023'", () => {
    expect(importedReadLine(log())).toBe('Read, finished May 1, 2023');
    expect(importedReadStart(log())).toBeNull();
  });

  it('says when the read started, when the file gave a start', () => {
    expect(importedReadStart(log({ read_started_at: '2023-04-20T12:00:00.000Z' }))).toBe(
      'Started Apr 20, 2023',
    );
  });

  it('names the other imported ends and starts, and leaves the reader’s own logs alone', () => {
    expect(importedReadLine(log({ event_type: 'dnf' }))).toBe('Did not finish, stopped May 1, 2023');
    expect(importedReadLine(log({ event_type: 'start' }))).toBe('Started reading May 1, 2023');
    expect(importedReadLine(log({ imported: false }))).toBeNull();
  });
});
