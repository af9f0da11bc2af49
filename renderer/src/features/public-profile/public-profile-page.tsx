// The public profile at /user/{username} (SPEC.md §2 "Public profile", §8): who the reader is, what they
// are reading now (public progress only) and their shelves, for anyone, signed in or not.
import { Alert, Container, Grid, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSfQuery } from '../../hooks/use-sf-query';
import { isNotFound, loadFailureMessage } from '../../lib/load-failure';
import { useSession } from '../../session/session-context';
import { ProfileHeader } from './profile-header';
import { ProfileShelves } from './profile-shelves';
import { ReadingNow } from './reading-now';

export const PROFILE_NOT_FOUND = 'Profile not found';
export const PROFILE_LOAD_FAILED = 'Failed to load profile';

/** The page's own shape while it loads: the header card, then Currently Reading beside Shelves. */
function ProfileSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading profile">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group gap="md" wrap="nowrap">
          <Skeleton height={72} circle />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={24} width={180} />
            <Skeleton height={14} width={120} />
          </Stack>
        </Group>
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Skeleton height={140} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Skeleton height={140} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export const FOLLOWERS_ONLY = 'This reader shares their shelves and reading with their followers.';

export function PublicProfilePage({ username }: { username: string }) {
  const { user } = useSession();
  const shared = useSfQuery('public-profile', { username });
  // A reader who approves followers: the shared answer is their header; the reader and their followers
  // read the rest for themselves (never from an answer cached for everyone).
  const own = useSfQuery(
    'follower-profile',
    { username },
    { enabled: shared.data?.restricted === true && user !== null, retry: false },
  );
  const profile = own.data ? own : shared;
  const card = profile.data?.profile;
  usePageTitle(card ? card.first_name || card.username : profile.isError ? PROFILE_NOT_FOUND : username);

  let body;
  if (profile.isError) {
    body = isNotFound(profile.error) ? (
      <Title order={1}>{PROFILE_NOT_FOUND}</Title>
    ) : (
      <Alert color="red">{loadFailureMessage(profile.error, PROFILE_LOAD_FAILED)}</Alert>
    );
  } else if (!profile.data) {
    body = <ProfileSkeleton />;
  } else {
    body = (
      <>
        <ProfileHeader data={profile.data} />
        {profile.data.restricted ? (
          <Alert color="gray" title="Followers only">
            {FOLLOWERS_ONLY}{' '}
            {user ? 'Follow them to ask to see more.' : 'Sign in and follow them to ask to see more.'}
          </Alert>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <ReadingNow books={profile.data.reading} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <ProfileShelves shelves={profile.data.shelves} total={profile.data.shelves_total} />
            </Grid.Col>
          </Grid>
        )}
      </>
    );
  }

  return (
    <Container size="lg" py="xl" px="md">
      <Stack gap="lg">{body}</Stack>
    </Container>
  );
}
