// The work page before it has a work to show: the loading skeleton, 'Work not found', and other failures
// (SPEC.md §2 "States", §8 "Work").
import { isNotFound } from '../../lib/load-failure';
import { Alert, Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { messageOf, SfError } from '../../platform/errors';
import classes from './work-page.module.css';

export function WorkPageSkeleton() {
  return (
    <Container size="xl" py="lg" role="status" aria-label="Loading work">
      <div className={classes.layout}>
        <div className={classes.column}>
          <div className={classes.header}>
            <Skeleton w={120} h={180} />
            <Stack gap="sm" style={{ flex: 1 }}>
              <Skeleton h={32} w="70%" />
              <Skeleton h={16} w="40%" />
              <Skeleton h={16} w="30%" />
              <Skeleton h={20} w="50%" />
            </Stack>
          </div>
          <Skeleton h={100} />
          <Skeleton h={180} />
        </div>
        <div className={classes.column}>
          <Skeleton h={220} />
        </div>
      </div>
    </Container>
  );
}

/** work-details answers 404 for an unknown work and 400 for an id that cannot be one. */
export const isWorkMissing = isNotFound;

export function WorkNotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>Work not found</Title>
        <Anchor component={Link} to="/">
          Go back home
        </Anchor>
      </Stack>
    </Container>
  );
}

/** Any other failure shows its own text; one without text falls back to 'Work not found.'. */
export function WorkLoadError({ error }: { error: Error }) {
  const text = error instanceof SfError ? error.error : messageOf(error);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" role="alert">
        <Text>{text.trim() || 'Work not found.'}</Text>
      </Alert>
    </Container>
  );
}
