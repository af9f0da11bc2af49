// One book of the Currently Reading card (SPEC.md §2 "Dashboard"): cover, title, first author, page count
// and a rounded percent bar; a paused book offers 'Resume Reading', an active one a pause button and
// 'Update Progress'.
import { ActionIcon, Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CurrentlyReadingItem } from '@shared/api/reading';
import { BookCover } from '../../components/book-cover';
import { actionErrorMessage } from './action-error';
import type { BookLinks } from './dashboard-actions';
import { PauseIcon } from '../../components/icons';

export interface ReadingItemCardProps {
  item: CurrentlyReadingItem;
  links: BookLinks;
  onPause: () => Promise<void>;
  onResume: () => Promise<void>;
  onUpdate: () => void;
}

export function ReadingItemCard({ item, links, onPause, onResume, onUpdate }: ReadingItemCardProps) {
  const titleId = useId();
  const [busy, setBusy] = useState<'pause' | 'resume' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const paused = item.event_type === 'pause';
  const title = item.edition.title;
  const authorLink = item.author ? links.author(item.author.id) : null;

  async function run(kind: 'pause' | 'resume', action: () => Promise<void>) {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(actionErrorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Paper component="article" aria-labelledby={titleId} withBorder p="sm" radius="md">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <BookCover
          url={item.edition.cover_url}
          title={title}
          author={item.author?.name}
          workId={item.work.id}
          width={56}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            id={titleId}
            component={Link}
            to={links.work(item.work.id, item.edition.id)}
            fw={600}
            lineClamp={2}
            style={{ overflowWrap: 'anywhere' }}
          >
            {title}
          </Anchor>
          {item.author &&
            (authorLink ? (
              <Anchor
                component={Link}
                to={authorLink}
                size="sm"
                c="dimmed"
                style={{ overflowWrap: 'anywhere' }}
              >
                {item.author.name}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                {item.author.name}
              </Text>
            ))}
          {item.edition.page_count != null && (
            <Text size="xs" c="dimmed">
              {item.edition.page_count} pages
            </Text>
          )}
          <Group gap="xs" wrap="nowrap">
            <Progress value={item.percent} aria-label={`Progress of ${title}`} style={{ flex: 1 }} />
            <Text size="sm" fw={500} w={40} ta="right">
              {item.percent}%
            </Text>
          </Group>
          <Group gap="xs" mt={4}>
            {paused ? (
              <Button size="xs" loading={busy === 'resume'} onClick={() => void run('resume', onResume)}>
                Resume Reading
              </Button>
            ) : (
              <>
                <Button size="xs" onClick={onUpdate}>
                  Update Progress
                </Button>
                <ActionIcon
                  variant="default"
                  size="md"
                  aria-label={`Pause reading ${title}`}
                  loading={busy === 'pause'}
                  onClick={() => void run('pause', onPause)}
                >
                  <PauseIcon />
                </ActionIcon>
              </>
            )}
          </Group>
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
