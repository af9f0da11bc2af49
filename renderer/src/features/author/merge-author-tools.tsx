// Admin Tools on the author page (SPEC.md §2, §6): merge this author into another, found by name through
// search-authors. The server's text is shown as it is (§8 "Admin"); on success the target author opens.
import { Alert, Button, Collapse, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSfQuery } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';
import { markStale } from '../../stale-data';
import { AuthorChoice } from './author-choice';
import type { AuthorHit } from './author-choice';
import { authorPath } from '../../paths';

export interface MergedState {
  adminMessage: string;
}

export function MergeAuthorTools({ author }: { author: { id: string; name: string } }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [target, setTarget] = useState<AuthorHit | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hits = useSfQuery('search-authors', { query }, { enabled: query !== '' });
  const candidates = hits.data?.results.filter((hit) => hit.id !== author.id) ?? [];

  function search(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    setQuery(trimmed);
    setTarget(null);
    setError(null);
  }

  async function merge(into: AuthorHit) {
    setBusy(true);
    setError(null);
    try {
      const result = await backend.sf('merge-author', { from_author_id: author.id, into_author_id: into.id });
      // Only marked stale, not refetched here: refetching this page's own author now would flash
      // 'Author not found' before the target opens. Each page refetches what it shows when it mounts.
      void markStale(queryClient, 'authorMerge', { refetch: false });
      const state: MergedState = { adminMessage: result.message };
      void navigate(authorPath(result.author_id), { state });
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs">
      <Button
        variant="light"
        color="gray"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
        style={{ alignSelf: 'flex-start' }}
      >
        Admin Tools
      </Button>
      {/* No height animation: while it runs the panel clips its content (overflow: hidden), and a field
          focused in that time scrolls the clipped box, which then jumps back when the animation ends. A
          reader who types at once (or a slow machine) saw the results and buttons move under the pointer. */}
      <Collapse expanded={open} id={panelId} transitionDuration={0}>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Merge author
            </Title>
            <Text size="sm" c="dimmed">
              Move every work and edition of {author.name} to another author, then delete {author.name}.
            </Text>
            <form onSubmit={search}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  label="Find the author to merge into"
                  placeholder="Author name"
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <Button type="submit" variant="default">
                  Search
                </Button>
              </Group>
            </form>
            {hits.isError && <Alert color="red">{messageOf(hits.error)}</Alert>}
            {hits.isFetching && !hits.data && <Text size="sm">Searching...</Text>}
            {hits.data && candidates.length === 0 && <Text size="sm">No results found</Text>}
            {candidates.length > 0 && (
              <Stack gap={4} component="ul" aria-label="Authors" p={0} m={0} style={{ listStyle: 'none' }}>
                {candidates.map((hit) => (
                  <AuthorChoice
                    key={hit.id}
                    hit={hit}
                    selected={target?.id === hit.id}
                    onSelect={() => setTarget(hit)}
                  />
                ))}
              </Stack>
            )}
            {target && (
              <Button
                color="red"
                loading={busy}
                onClick={() => void merge(target)}
                style={{ alignSelf: 'flex-start' }}
              >
                Merge into {target.name}
              </Button>
            )}
            {error && <Alert color="red">{error}</Alert>}
          </Stack>
        </Paper>
      </Collapse>
    </Stack>
  );
}
