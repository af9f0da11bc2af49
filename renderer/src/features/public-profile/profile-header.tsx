import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ResponseOf } from '@shared/api/endpoints';
import { UserAvatar } from '../../components/user-avatar';
import { ProfileSocial } from '../social/profile-social';

type PublicProfile = ResponseOf<'public-profile'>;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="lg">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/**
 * Avatar, name, @username, follow counts and button, and the reader's review numbers (SPEC.md §2 "Public
 * profile"); a reader who approves followers shows others no numbers.
 */
export function ProfileHeader({ data }: { data: PublicProfile }) {
  const { profile } = data;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group gap="lg" wrap="wrap" justify="space-between">
        <Group gap="md" wrap="nowrap" miw={0}>
          <UserAvatar username={profile.username} avatarUrl={profile.avatar_url} size={72} radius="xl" />
          <Stack gap={0} miw={0}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {profile.first_name || profile.username}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              @{profile.username}
            </Text>
            <ProfileSocial reader={profile} followers={data.followers} following={data.following} />
          </Stack>
        </Group>
        {!data.restricted && (
          <SimpleGrid cols={data.avg_rating != null ? 3 : 2} spacing="lg" aria-label="Reviews and ratings">
            <Stat label={data.ratings === 1 ? 'Rating' : 'Ratings'} value={String(data.ratings)} />
            <Stat label={data.reviews === 1 ? 'Review' : 'Reviews'} value={String(data.reviews)} />
            {data.avg_rating != null && <Stat label="Avg rating" value={data.avg_rating.toFixed(2)} />}
          </SimpleGrid>
        )}
      </Group>
    </Paper>
  );
}
