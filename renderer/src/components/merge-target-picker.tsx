// Finding the work another is merged into, for an admin: the admin work search (a blank query asks nothing,
// SPEC.md §5), then one of its hits, never the work being merged. Used by the work page's Merge work and by
// Unverified Works; each brings its own Merge button for the picked target.
import { Group, Radio, Stack, Text, TextInput, Button } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import type { searchHit } from '@shared/api/catalogue';
import { useBackend } from '../platform/backend-context';
import { messageOf, SfError } from '../platform/errors';

type SearchHit = z.infer<typeof searchHit>;
type Search =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; hits: SearchHit[] };

export function MergeTargetPicker(props: {
  /** The work being merged, left out of the hits. */
  fromWorkId: string;
  label: string;
  targetId: string | null;
  onTargetChange: (targetId: string | null) => void;
  /** Marks the form as a search landmark (where the page has no other search form). */
  searchLandmark?: boolean;
}) {
  const { fromWorkId, label, targetId, onTargetChange, searchLandmark = false } = props;
  const backend = useBackend();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ kind: 'idle' });

  async function find(event: FormEvent) {
    event.preventDefault();
    const text = query.trim();
    if (text === '') return;
    setSearch({ kind: 'searching' });
    onTargetChange(null);
    try {
      const { results } = await backend.sf('admin-search-works', { query: text });
      setSearch({ kind: 'done', hits: results.filter((hit) => hit.work_id !== fromWorkId) });
    } catch (error) {
      setSearch({ kind: 'failed', message: error instanceof SfError ? error.error : messageOf(error) });
    }
  }

  const hits = search.kind === 'done' ? search.hits : [];
  return (
    <>
      <form onSubmit={(event) => void find(event)} role={searchLandmark ? 'search' : undefined}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={label}
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
        <Radio.Group label="Merge into" value={targetId} onChange={onTargetChange}>
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
    </>
  );
}
