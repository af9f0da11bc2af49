// Merging this work into another: find the target with the admin work search, pick it, merge, and go to
// the target's page (SPEC.md §2, §7 merge-work). A blank search is ignored (SPEC.md §5).
import { Button, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import type { searchHit } from '@shared/api/catalogue';
import { useBackend } from '../../../platform/backend-context';
import { messageOf, SfError } from '../../../platform/errors';
import { markStale } from '../../../stale-data';
import { AdminMessage } from './admin-message';
import type { AdminWork } from './admin-types';
import { useAdminAction } from './use-admin-action';
import { workPath } from '../../../paths';

type SearchHit = z.infer<typeof searchHit>;

type Search =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; hits: SearchHit[] };

export function MergeWorkForm({ work }: { work: AdminWork }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ kind: 'idle' });
  const [targetId, setTargetId] = useState<string | null>(null);
  const action = useAdminAction();

  async function find(event: FormEvent) {
    event.preventDefault();
    const text = query.trim();
    if (text === '') return;
    setSearch({ kind: 'searching' });
    setTargetId(null);
    try {
      const { results } = await backend.sf('admin-search-works', { query: text });
      setSearch({ kind: 'done', hits: results.filter((hit) => hit.work_id !== work.id) });
    } catch (error) {
      setSearch({ kind: 'failed', message: error instanceof SfError ? error.error : messageOf(error) });
    }
  }

  async function merge() {
    if (!targetId) return;
    const merged = await action.run(null, () =>
      backend.sf('merge-work', { from_work_id: work.id, into_work_id: targetId }),
    );
    if (merged) {
      // This work no longer exists: mark its answers stale rather than fetch them again here.
      await markStale(queryClient, 'workMerge', { refetch: false });
      navigate(workPath(merged.work_id));
    }
  }

  const hits = search.kind === 'done' ? search.hits : [];
  const target = hits.find((hit) => hit.work_id === targetId);

  return (
    <Stack gap="xs" component="section" aria-labelledby="admin-merge">
      <Title order={3} size="h6" id="admin-merge">
        Merge work
      </Title>
      <form onSubmit={(event) => void find(event)}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Find the work to merge into"
            placeholder="Title or author"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit" variant="default" loading={search.kind === 'searching'}>
            Search
          </Button>
        </Group>
      </form>
      {search.kind === 'failed' && (
        <Text size="sm" c="red" role="alert">
          {search.message}
        </Text>
      )}
      {search.kind === 'done' && hits.length === 0 && (
        <Text size="sm" c="dimmed">
          No results found
        </Text>
      )}
      {hits.length > 0 && (
        <Radio.Group label="Merge into" value={targetId} onChange={setTargetId}>
          <Stack gap={6} mt={4}>
            {hits.map((hit) => (
              <Radio
                key={hit.work_id}
                value={hit.work_id}
                label={`${hit.work_title} by ${hit.author_names}`}
                styles={{ label: { overflowWrap: 'anywhere' } }}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {target && (
        <Button color="red" onClick={() => void merge()} loading={action.busy} w="fit-content">
          Merge into this work
        </Button>
      )}
      <AdminMessage message={action.message} />
    </Stack>
  );
}
