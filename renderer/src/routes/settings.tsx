// Settings (SPEC.md §2): Profile Picture, Personal Information, Security, Followers, Notifications, Blocked
// and muted (issue 27), Import and export, Server (desktop only, issue 32), Danger Zone.
import { Alert, Button, Container, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PageLoader } from '../components/page-loader';
import { usePageTitle } from '../hooks/use-page-title';
import { AvatarSection } from '../features/settings/avatar-section';
import { ImportExportSettingsSection } from '../features/imports/import-export-links';
import { DangerZoneSection } from '../features/settings/danger-zone-section';
import { FollowersSection } from '../features/settings/followers-section';
import { NotificationsSection } from '../features/settings/notifications-section';
import { BlockedReadersSection } from '../features/settings/blocked-readers-section';
import { PersonalInfoSection } from '../features/settings/personal-info-section';
import { SecuritySection } from '../features/settings/security-section';
import { ServerSection } from '../features/settings/server-section';
import { TwoStepSection } from '../features/two-step/two-step-section';
import { profileQueryKey, useSession } from '../session/session-context';

export const NO_SESSION_MESSAGE = 'Unable to get user session';

export default function Settings() {
  usePageTitle('Settings');
  const { user, profile, profileState } = useSession();
  const queryClient = useQueryClient();

  let body;
  if (!user) {
    body = <Alert color="red">{NO_SESSION_MESSAGE}</Alert>;
  } else if (profileState === 'error') {
    body = (
      <Alert color="red" title="Unable to load your profile.">
        <Button
          variant="light"
          color="red"
          mt="xs"
          onClick={() => void queryClient.invalidateQueries({ queryKey: profileQueryKey(user.id) })}
        >
          Try again
        </Button>
      </Alert>
    );
  } else if (!profile) {
    body = <PageLoader />;
  } else {
    body = (
      <>
        <AvatarSection profile={profile} />
        <PersonalInfoSection user={user} profile={profile} />
        <SecuritySection email={user.email} />
        <TwoStepSection />
        <FollowersSection />
        <NotificationsSection />
        <BlockedReadersSection />
        <ImportExportSettingsSection />
        <ServerSection />
        <DangerZoneSection />
      </>
    );
  }

  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>Settings</Title>
        {body}
      </Stack>
    </Container>
  );
}
