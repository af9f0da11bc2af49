// 'Create Shelf' (SPEC.md §2, §5): a name, trimmed; an empty name does nothing. The new shelf opens at once.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_SHELF_NAME_LENGTH } from '@shared/api/shelves';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';
import { shelfPath } from '../../paths';
import { markStale } from '../../stale-data';

export function CreateShelfDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create Shelf" centered>
      {opened && <CreateShelfForm onDone={onClose} />}
    </Modal>
  );
}

function CreateShelfForm({ onDone }: { onDone(): void }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { id } = await backend.sf('create-shelf', { name: trimmed });
      await markStale(queryClient, 'shelfCreated');
      onDone();
      navigate(shelfPath({ id, slug: null }));
    } catch (failure) {
      // The one shelf failure worth words: a name already taken would otherwise look like a dead button.
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <TextInput
          aria-label="Shelf name"
          placeholder="Shelf name"
          value={name}
          maxLength={MAX_SHELF_NAME_LENGTH}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
