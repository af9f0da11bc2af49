// The selected log (SPEC.md §2 "Reading Logs" detail, §4): cover, title, created date, Start/End inputs,
// the save indicator and the journal. Mounted once per log (keyed by id), so selecting a log loads its
// values afresh and the editor is created for it and destroyed when it goes.
import { Group, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import type { ReadingLog } from '@shared/api/reading';
import { BookCover } from '../../components/book-cover';
import { formatShortDate } from '../../lib/format-date';
import { JournalEditor } from './journal-editor';
import type { LogDraft } from './log-inputs';
import { draftOf, logUpdate } from './log-inputs';
import { LogLocationInputs } from './log-location-inputs';
import { importedReadLine, importedReadStart } from './imported-read';
import { editionTitle } from './log-title';
import { SAVE_INDICATOR_TEXT } from './save-indicator';
import { useLogAutosave } from './use-log-autosave';
import { useSaveReadingLog } from './use-reading-logs';

interface LogDetailProps {
  log: ReadingLog;
  /** The log is being deleted: nothing is saved meanwhile. */
  blocked: boolean;
}

export function LogDetail({ log, blocked }: LogDetailProps) {
  const [{ mode, draft: firstDraft }] = useState(() => draftOf(log));
  const [draft, setDraft] = useState(firstDraft);
  const latest = useRef(firstDraft);
  const save = useSaveReadingLog();
  const { indicator, change } = useLogAutosave({
    initial: logUpdate(log.id, mode, firstDraft),
    save,
    blocked,
  });

  function edit(patch: Partial<LogDraft>) {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setDraft(next);
    change(logUpdate(log.id, mode, next));
  }

  function editJournal(journal: string | null) {
    // The editor may report a change that leaves the journal as it was (a caret move, a re-render).
    if (journal !== latest.current.journal) edit({ journal });
  }

  const title = editionTitle(log);
  return (
    <Stack gap="md" miw={0}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <BookCover url={log.editions.cover_url} title={title} workId={log.work_id} width={64} />
        <Stack gap={4} miw={0}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {importedReadLine(log) ?? formatShortDate(log.created_at)}
          </Text>
          {importedReadStart(log) && (
            <Text size="sm" c="dimmed">
              {importedReadStart(log)}
            </Text>
          )}
        </Stack>
      </Group>
      <Group justify="space-between" gap="sm">
        <LogLocationInputs mode={mode} start={draft.start} end={draft.end} onChange={edit} />
        <Text size="sm" c="dimmed" role="status" aria-live="polite" aria-label="Save status">
          {SAVE_INDICATOR_TEXT[indicator]}
        </Text>
      </Group>
      <JournalEditor value={log.journal_md} onChange={editJournal} />
    </Stack>
  );
}
