// The rich-text journal of a reading log (SPEC.md §2, §4, §9): created 100 ms after mount, shows
// 'Initializing editor...' until ready, hands out every change as journal HTML, takes outside content only
// when the reader is not in it and it is not emitting, and is destroyed on unmount (a log change remounts
// it). Start-up failures are logged and shown in the error box.
import { Alert, Box, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import classes from './journal-editor.module.css';
import type { JournalEngine } from './journal-engine';
import { loadJournalEngine } from './journal-engine';
import { blocksToHtml, htmlToBlocks } from './journal-html';
import { CHANGE_GUARD_MS, EDITOR_START_DELAY_MS, acceptsOutsideContent } from './outside-content';

export const EDITOR_FAILED_MESSAGE = 'The journal editor could not be started.';

interface JournalEditorProps {
  /** The journal as stored: HTML paragraphs, or null. */
  value: string | null;
  onChange(html: string | null): void;
}

export function JournalEditor({ value, onChange }: JournalEditorProps) {
  const holder = useRef<HTMLDivElement>(null);
  const engine = useRef<JournalEngine | null>(null);
  const shown = useRef(value);
  const emittingUntil = useRef(0);
  const latestOnChange = useRef(onChange);
  const [status, setStatus] = useState<'starting' | 'ready' | 'failed'>('starting');

  useEffect(() => {
    latestOnChange.current = onChange;
  });

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let cancelled = false;
    let created: JournalEngine | null = null;
    let emitted = 0;

    const emit = async () => {
      // Editor.js reports changes after a short delay, so one can arrive after the editor was destroyed.
      if (cancelled || !created) return;
      const ticket = ++emitted;
      emittingUntil.current = Number.POSITIVE_INFINITY;
      try {
        const html = blocksToHtml(await created.save());
        // A newer change is on its way and carries the newer content.
        if (cancelled || ticket !== emitted) return;
        shown.current = html;
        latestOnChange.current(html);
      } catch (error) {
        if (!cancelled) console.error('The journal could not be read from the editor.', error);
      } finally {
        if (ticket === emitted) emittingUntil.current = Date.now() + CHANGE_GUARD_MS;
      }
    };

    const timer = window.setTimeout(() => {
      loadJournalEngine({ holder: element, blocks: htmlToBlocks(shown.current), onChange: () => void emit() })
        .then((ready) => {
          if (cancelled) return ready.destroy();
          created = ready;
          engine.current = ready;
          setStatus('ready');
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          console.error('The journal editor could not be started.', error);
          setStatus('failed');
        });
    }, EDITOR_START_DELAY_MS);

    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      created?.destroy();
      engine.current = null;
    };
  }, []);

  useEffect(() => {
    const ready = engine.current;
    const element = holder.current;
    if (status !== 'ready' || !ready || !element) return;
    const offer = {
      incoming: value,
      shown: shown.current,
      focused: element.contains(document.activeElement),
      emittingUntil: emittingUntil.current,
      now: Date.now(),
    };
    if (!acceptsOutsideContent(offer)) return;
    shown.current = value;
    void ready.render(htmlToBlocks(value));
  }, [value, status]);

  return (
    <Box className={classes.journal}>
      {status === 'failed' && (
        <Alert color="red" role="alert" mb="xs">
          {EDITOR_FAILED_MESSAGE}
        </Alert>
      )}
      {status === 'starting' && (
        <Text className={classes.starting} c="dimmed" size="sm">
          Initializing editor...
        </Text>
      )}
      <div ref={holder} className={classes.holder} role="group" aria-label="Journal" />
    </Box>
  );
}
