// Taking the library out: one button per format, each downloading the file export-library answers.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ImportFormat } from '@shared/api/imports';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';
import { downloadFile } from './download-file';

const EXPORTS: { format: ImportFormat; label: string }[] = [
  { format: 'goodreads', label: 'Goodreads CSV' },
  { format: 'storygraph', label: 'StoryGraph CSV' },
  { format: 'shelfwise', label: 'Shelfwise JSON' },
];

export function ExportSection() {
  const backend = useBackend();
  const exporting = useMutation({
    mutationFn: (format: ImportFormat) => backend.sf('export-library', { format }),
    onSuccess: (file) => downloadFile(file.file_name, file.content_type, file.content),
  });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Download your shelves, reading history and reviews. Goodreads CSV is for Goodreads and most other
        trackers, StoryGraph CSV for The StoryGraph, and Shelfwise JSON keeps everything, to bring back into
        Shelfwise.
      </Text>
      <Group gap="sm">
        {EXPORTS.map(({ format, label }) => (
          <Button
            key={format}
            variant="light"
            onClick={() => exporting.mutate(format)}
            loading={exporting.isPending && exporting.variables === format}
            disabled={exporting.isPending && exporting.variables !== format}
          >
            {label}
          </Button>
        ))}
      </Group>
      {exporting.isError && (
        <Alert color="red" role="alert">
          {messageOf(exporting.error)}
        </Alert>
      )}
    </Stack>
  );
}
