// One Personal Information row: the value and an Edit button, or an input with Save and Cancel.
// Only one row edits at a time; the others' Edit buttons are disabled meanwhile (SPEC.md §2 "Settings").
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';

export interface EditableFieldProps {
  label: string;
  value: string;
  /** Shown under the value (e.g. an e-mail change that waits for its confirmation). */
  hint?: string | null;
  type?: 'text' | 'email';
  autoComplete?: string;
  editing: boolean;
  /** Another field is being edited. */
  locked: boolean;
  onEdit: () => void;
  onCancel: () => void;
  /** Resolves to an error message, or null when saved. */
  onSave: (value: string) => Promise<string | null>;
}

export function EditableField(props: EditableFieldProps) {
  const {
    label,
    value,
    hint,
    type = 'text',
    autoComplete,
    editing,
    locked,
    onEdit,
    onCancel,
    onSave,
  } = props;
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    // Back on the Edit button after Save or Cancel, so keyboard users keep their place.
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function startEditing() {
    setDraft(value);
    setError(null);
    onEdit();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const failure = await onSave(draft);
    setBusy(false);
    setError(failure);
  }

  if (!editing) {
    return (
      <Group justify="space-between" wrap="nowrap" align="flex-start" py={6}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        <Button
          ref={editButton}
          variant="light"
          size="compact-sm"
          disabled={locked}
          onClick={startEditing}
          aria-label={`Edit ${label.toLowerCase()}`}
          style={{ flexShrink: 0 }}
        >
          Edit
        </Button>
      </Group>
    );
  }

  return (
    <form onSubmit={(event) => void save(event)} onKeyDown={(e) => e.key === 'Escape' && !busy && onCancel()}>
      <Stack gap="xs" py={6}>
        <TextInput
          label={label}
          type={type}
          autoComplete={autoComplete}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          data-autofocus
          autoFocus
        />
        {error && (
          <Alert color="red" role="alert" py="xs">
            {error}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" size="compact-md" loading={busy}>
            Save
          </Button>
          <Button variant="default" size="compact-md" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
