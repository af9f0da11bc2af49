// The 'Update Reading Progress' dialog (SPEC.md §4 "Update dialog", §5 progress rules). The checks and
// defaults live in progress-form.ts; this file lays them out. Escape closes it; on success the owner has
// already updated the card and the dialog closes.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { CurrentlyReadingItem } from '@shared/api/reading';
import { actionErrorMessage } from './action-error';
import { useLastGiven } from './use-last-given';
import type { LogProgressRequest, ProgressFormValues, ProgressMode } from './progress-form';
import {
  buildProgressRequest,
  initialProgressForm,
  progressChoices,
  progressEventType,
} from './progress-form';

export interface ProgressDialogProps {
  /** The book being updated; null keeps the dialog closed. */
  item: CurrentlyReadingItem | null;
  onClose: () => void;
  onSubmit: (item: CurrentlyReadingItem, request: LogProgressRequest) => Promise<void>;
}

export function ProgressDialog({ item, onClose, onSubmit }: ProgressDialogProps) {
  const shown = useLastGiven(item);
  return (
    <Modal opened={item !== null} onClose={onClose} title="Update Reading Progress" closeOnEscape>
      {shown && <ProgressForm key={shown.edition.id} item={shown} onClose={onClose} onSubmit={onSubmit} />}
    </Modal>
  );
}

const MODES = [
  { value: 'page', label: 'Pages' },
  { value: 'percent', label: 'Percentage' },
];

function ProgressForm({
  item,
  onClose,
  onSubmit,
}: Omit<ProgressDialogProps, 'item'> & { item: CurrentlyReadingItem }) {
  const [form, setForm] = useState<ProgressFormValues>(() => initialProgressForm(item));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choices = progressChoices(item.event_type);
  const eventType = progressEventType(item.event_type, form);
  const pageCount = item.edition.page_count;
  const set = (patch: Partial<ProgressFormValues>) => setForm((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const built = buildProgressRequest(item, form);
    if (!built.ok) {
      setError(built.message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSubmit(item, built.request);
      onClose();
    } catch (failure) {
      setError(actionErrorMessage(failure));
      setBusy(false);
    }
  }

  const numberProps = {
    clampBehavior: 'none' as const,
    allowNegative: false,
    style: { flex: 1, minWidth: 120 },
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.edition.title}
        </Text>
        {choices.location && (
          <>
            <SegmentedControl
              aria-label="Progress by"
              data={MODES}
              value={form.mode}
              onChange={(mode) => set({ mode: mode as ProgressMode })}
            />
            {form.mode === 'page' ? (
              <Group gap="sm" align="flex-start">
                <NumberInput
                  {...numberProps}
                  label="Start page"
                  min={1}
                  max={pageCount ?? undefined}
                  allowDecimal={false}
                  value={form.startPage}
                  onChange={(startPage) => set({ startPage })}
                />
                <NumberInput
                  {...numberProps}
                  label="End page"
                  min={1}
                  max={pageCount ?? undefined}
                  allowDecimal={false}
                  value={form.endPage}
                  onChange={(endPage) => set({ endPage })}
                />
              </Group>
            ) : (
              <Group gap="sm" align="flex-start">
                <NumberInput
                  {...numberProps}
                  label="Start percentage"
                  min={0}
                  max={100}
                  value={form.startPercent}
                  onChange={(startPercent) => set({ startPercent })}
                />
                <NumberInput
                  {...numberProps}
                  label="End percentage"
                  min={0}
                  max={100}
                  value={form.endPercent}
                  onChange={(endPercent) => set({ endPercent })}
                />
              </Group>
            )}
            {pageCount != null && (
              <Text size="xs" c="dimmed">
                This edition has {pageCount} pages.
              </Text>
            )}
          </>
        )}
        {choices.finish && (
          <Checkbox
            label="Mark as finished"
            checked={form.finished}
            onChange={(e) => set({ finished: e.currentTarget.checked })}
          />
        )}
        {choices.dnf && (
          <Checkbox
            label="Mark as DNF"
            checked={form.dnf}
            onChange={(e) => set({ dnf: e.currentTarget.checked })}
          />
        )}
        <Textarea
          label="Note"
          description="Optional"
          rows={3}
          value={form.note}
          onChange={(e) => set({ note: e.currentTarget.value })}
        />
        <Checkbox
          label="Make this update private"
          checked={form.private}
          onChange={(e) => set({ private: e.currentTarget.checked })}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={eventType === null}>
            {eventType === 'resume' ? 'Resume' : 'Save Progress'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
