// The shown edition's authors as comma-separated author ids; they replace the edition's list in order.
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useBackend } from '../../../platform/backend-context';
import { markStale } from '../../../stale-data';
import { AdminMessage } from './admin-message';
import { editionAuthorsProblem, parseAuthorIds } from './admin-validation';
import type { AdminEdition } from './admin-types';
import { useAdminAction } from './use-admin-action';

export function EditionAuthorsForm({ edition }: { edition: AdminEdition | null }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const current = edition?.edition_authors.map(({ authors }) => authors) ?? [];
  const [ids, setIds] = useState(current.map((a) => a.id).join(', '));
  const action = useAdminAction();

  async function save(event: FormEvent) {
    event.preventDefault();
    const authorIds = parseAuthorIds(ids);
    const editionId = edition?.id ?? null;
    const saved = await action.run(editionAuthorsProblem(editionId, authorIds), () =>
      backend.sf('set-edition-authors', { edition_id: editionId, author_ids: authorIds }),
    );
    if (saved) await markStale(queryClient, 'editionAuthors');
  }

  return (
    <form onSubmit={(event) => void save(event)} aria-labelledby="admin-authors">
      <Stack gap="xs">
        <Title order={3} size="h6" id="admin-authors">
          Edition authors
        </Title>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {current.length > 0
            ? `Now: ${current.map((a) => `${a.name} (${a.id})`).join(', ')}`
            : 'This edition lists no authors.'}
        </Text>
        <TextInput
          label="Author ids (comma-separated)"
          value={ids}
          onChange={(e) => setIds(e.currentTarget.value)}
        />
        <Button type="submit" size="compact-md" loading={action.busy} w="fit-content">
          Save authors
        </Button>
        <AdminMessage message={action.message} />
      </Stack>
    </form>
  );
}
