// Starting an import: pick or drop a file, see which format it was read as (and override it), see how its
// first rows will be read, then start. The preview runs the server's own parser (shared/domain), so what
// it shows is what the import will do, without sending the file anywhere first.
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  IMPORT_FORMATS,
  IMPORT_FORMAT_NAMES,
  IMPORT_RUNNING_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  MAX_IMPORT_BYTES,
} from '@shared/api/imports';
import type { ImportFormat } from '@shared/api/imports';
import { previewLibraryFile } from '@shared/domain/library-import/preview';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';
import { FileDropZone } from './file-drop-zone';
import { ImportPreview } from './import-preview';

/** Enough rows to recognise one's own books and see each kind of shelf, few enough to take in. */
export const PREVIEW_ROWS = 5;

type FormatChoice = 'auto' | ImportFormat;

interface ChosenFile {
  name: string;
  content: string;
}

export function ImportStart({ onStarted, busy }: { onStarted(importId: string): void; busy: boolean }) {
  const backend = useBackend();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** The file being read: a big export takes a moment, and the drop zone should not look dead meanwhile. */
  const [reading, setReading] = useState<string | null>(null);
  const [choice, setChoice] = useState<FormatChoice>('auto');
  const start = useMutation({
    mutationFn: (chosen: ChosenFile) =>
      backend.sf('import-library', { format: choice, file_name: chosen.name, content: chosen.content }),
    onSuccess: ({ import_id }) => {
      setFile(null);
      setChoice('auto');
      onStarted(import_id);
    },
  });

  async function choose(picked: File) {
    start.reset();
    setFileError(null);
    setFile(null);
    if (picked.size > MAX_IMPORT_BYTES) {
      setFileError(IMPORT_TOO_LARGE_MESSAGE);
      return;
    }
    setReading(picked.name);
    try {
      setFile({ name: picked.name, content: await picked.text() });
      setChoice('auto');
    } catch (error) {
      setFileError(`Unable to read ${picked.name}: ${messageOf(error)}`);
    } finally {
      setReading(null);
    }
  }

  const preview = useMemo(
    () => (file ? previewLibraryFile(file.content, choice, PREVIEW_ROWS) : null),
    [file, choice],
  );

  if (!file || !preview) {
    return (
      <Stack gap="sm">
        <FileDropZone onFile={(picked) => void choose(picked)} disabled={reading !== null} />
        {reading && (
          <Text size="sm" c="dimmed" role="status">
            Reading {reading}…
          </Text>
        )}
        {fileError && (
          <Alert color="red" role="alert">
            {fileError}
          </Alert>
        )}
      </Stack>
    );
  }

  const formatOptions = [
    {
      value: 'auto',
      label:
        choice === 'auto' && preview.format
          ? `Detect from the file (${IMPORT_FORMAT_NAMES[preview.format]})`
          : 'Detect from the file',
    },
    ...IMPORT_FORMATS.map((format) => ({ value: format, label: IMPORT_FORMAT_NAMES[format] })),
  ];
  const rowCount = preview.total_rows.toLocaleString('en-US');

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Text>
        {preview.format && (
          <Text size="sm" c="dimmed" role="status">
            Read as {IMPORT_FORMAT_NAMES[preview.format]}: {rowCount}{' '}
            {preview.total_rows === 1 ? 'book' : 'books'}.
          </Text>
        )}
      </Stack>
      {/* A native select, as the shelf's sort is: its chosen option is its content, keyboard and phone alike. */}
      <NativeSelect
        label="Format"
        description="Detected from the file’s first line; choose another if it is wrong."
        data={formatOptions}
        value={choice}
        onChange={(event) => setChoice(event.currentTarget.value as FormatChoice)}
        maw={420}
      />
      {preview.problem && (
        <Alert color="red" role="alert" title="This file cannot be imported as it is">
          {preview.problem}
        </Alert>
      )}
      {preview.rows.length > 0 && <ImportPreview rows={preview.rows} totalRows={preview.total_rows} />}
      {start.error && (
        <Alert color="red" role="alert">
          {messageOf(start.error)}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          onClick={() => start.mutate(file)}
          loading={start.isPending}
          disabled={Boolean(preview.problem) || !preview.format || preview.total_rows === 0 || busy}
        >
          Import {rowCount} {preview.total_rows === 1 ? 'book' : 'books'}
        </Button>
        <Button variant="default" onClick={() => setFile(null)} disabled={start.isPending}>
          Choose another file
        </Button>
      </Group>
      {busy && (
        <Text size="sm" c="dimmed">
          {IMPORT_RUNNING_MESSAGE}
        </Text>
      )}
    </Stack>
  );
}
