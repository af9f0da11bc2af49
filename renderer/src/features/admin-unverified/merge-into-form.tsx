// Picking the work an unverified one is merged into: the admin work search (a blank query asks nothing,
// SPEC.md §5), then one of its hits. Only catalogue works are found, so the target is always verified.
import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import type { searchHit } from '@shared/api/catalogue';
import { useBackend } from '../../platform/backend-context';
import { messageOf, SfError } from '../../platform/errors';
import type { UnverifiedWork } from './unverified-work-row';

type SearchHit = z.infer<typeof searchHit>;
type Search =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; hits: SearchHit[] };

export function MergeIntoForm(props: {
  work: UnverifiedWork;
  busy: boolean;
  onMerge: (intoId: string) => Promise<void>;
}) {
  const { work, busy, onMerge } = props;
  const backend = useBackend();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ kind: 'idle' });
  const [targetId, setTargetId] = useState<string | null>(null);

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

  const hits = search.kind === 'done' ? search.hits : [];
  return (
    <Stack gap="xs">
      <form onSubmit={(event) => void find(event)} role="search">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={`Find the work to merge “${work.title}” into`}
            placeholder="Title or author"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 0 }}
            styles={{ label: { overflowWrap: 'anywhere' } }}
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
      {targetId && (
        <Button color="red" onClick={() => void onMerge(targetId)} loading={busy} w="fit-content">
          Merge into this work
        </Button>
      )}
    </Stack>
  );
}
