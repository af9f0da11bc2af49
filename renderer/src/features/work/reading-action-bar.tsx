// The signed-in reader's action on the work page (SPEC.md §2, §4): Start Reading, Resume Reading, a
// non-clickable Currently Reading, or a note that another edition of this work is being read. A finished
// work says when it was read and offers reading it again (a new start on the shown edition).
import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useReadingAction } from './use-reading-action';
import { formatShortDate } from '../../lib/format-date';
import { workPath } from '../../paths';

export function ReadingActionBar({ workId, editionId }: { workId: string; editionId: string }) {
  const reading = useReadingAction(workId, editionId);

  let content;
  if (reading.failed) {
    content = <Text c="dimmed">Your reading state could not be loaded.</Text>;
  } else if (reading.action === null) {
    content = <Skeleton h={36} w={150} />;
  } else if (reading.action === 'none' && reading.finishedAt) {
    content = (
      <Group gap="sm">
        <Badge size="xl" variant="light" color="teal" radius="sm" tt="none">
          Read on {formatShortDate(reading.finishedAt)}
        </Badge>
        <Button variant="light" onClick={reading.start} loading={reading.busy}>
          Read Again
        </Button>
      </Group>
    );
  } else if (reading.action === 'none') {
    content = (
      <Button onClick={reading.start} loading={reading.busy}>
        Start Reading
      </Button>
    );
  } else if (reading.action === 'paused') {
    content = (
      <Button onClick={reading.resume} loading={reading.busy}>
        Resume Reading
      </Button>
    );
  } else if (reading.action === 'active') {
    content = (
      <Badge size="xl" variant="light" radius="sm" tt="none">
        Currently Reading
      </Badge>
    );
  } else {
    content = (
      <Group gap="xs">
        <Badge size="xl" variant="light" color="gray" radius="sm" tt="none">
          Currently reading another edition
        </Badge>
        {reading.otherEdition && (
          <Anchor component={Link} to={workPath(workId, reading.otherEdition.id)} size="sm">
            Go to {reading.otherEdition.title}
          </Anchor>
        )}
      </Group>
    );
  }

  return (
    <Stack gap="xs" align="flex-start" role="group" aria-label="Reading status">
      {content}
      {reading.error && (
        <Alert color="red" role="alert" py="xs">
          {reading.error}
        </Alert>
      )}
    </Stack>
  );
}
