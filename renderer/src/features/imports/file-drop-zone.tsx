// Where a reader hands over their export: a labelled button that opens the file picker (keyboard and
// screen readers), and the same area as a drop target for a file dragged in from the desktop.
import { Button, FileButton, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DragEvent } from 'react';
import classes from './imports.module.css';

/** What the three importers read: Goodreads and StoryGraph CSV exports, and Shelfwise's own JSON. */
const ACCEPTED_FILES = '.csv,.json,text/csv,application/json';

export function FileDropZone({ onFile, disabled }: { onFile(file: File): void; disabled?: boolean }) {
  const [dragging, setDragging] = useState(false);

  function over(event: DragEvent) {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    // Without preventDefault the browser opens the dropped file itself instead of handing it to us.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    <Paper
      withBorder
      p="xl"
      className={classes.dropZone}
      role="group"
      aria-label="Choose or drop a file"
      data-dragging={dragging || undefined}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <Stack align="center" gap="sm">
        <Text ta="center" fw={500}>
          Drop your Goodreads, StoryGraph or Shelfwise export here
        </Text>
        <Text ta="center" size="sm" c="dimmed">
          A CSV or JSON file of up to 20 MB
        </Text>
        <FileButton onChange={(file) => file && onFile(file)} accept={ACCEPTED_FILES} disabled={disabled}>
          {(props) => (
            <Button {...props} disabled={disabled}>
              Choose a file
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}
