// "Readers you may like": readers who finished or rated the same books, then readers followed by those the
// viewer follows (the server's reader-suggestions, which never offers a blocked or unconfirmed reader).
import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useSfQuery } from '../../hooks/use-sf-query';
import { ReaderRow } from './reader-row';

export const SUGGESTIONS_TITLE = 'Readers you may like';

const why = (reason: 'shared_books' | 'followed_by_following', count: number) =>
  reason === 'shared_books'
    ? `${count} ${count === 1 ? 'book' : 'books'} in common`
    : `Followed by ${count} ${count === 1 ? 'reader' : 'readers'} you follow`;

export function ReaderSuggestions() {
  const titleId = useId();
  const suggestions = useSfQuery('reader-suggestions', {});
  const readers = suggestions.data?.readers ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {SUGGESTIONS_TITLE}
      </Title>
      {suggestions.isPending ? (
        <Text size="sm" c="dimmed">
          Looking for readers…
        </Text>
      ) : readers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No suggestions yet: finish or rate a few books and readers who share them will show here.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {readers.map((s) => (
            <ReaderRow key={s.reader.id} reader={s.reader} note={why(s.reason, s.count)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
