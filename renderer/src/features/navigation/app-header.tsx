// The navigation bar (SPEC.md §2): logo and name; signed in: Home, My Books, Reading Logs, Stats, Browse,
// the search box, the notification bell and the user menu; signed out: Sign up and Log in. Below 640 px the
// mobile menu (Burger and Drawer) mirrors it, with the bell beside it. The menus load as their own chunks so the first page stays light.
import { Box, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@shared/domain/product';
import { LogoMark } from '../../components/logo-mark';
import { MobileMenuButton } from './mobile-menu-button';
import { useSession } from '../../session/session-context';

const SignedInNav = lazy(() => import('./signed-in-nav'));
// The bell stays in the bar below 640 px too, beside the menu button (issue 27).
const MobileBell = lazy(() =>
  import('../notifications/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

export function AppHeader() {
  const { status } = useSession();

  return (
    <Group h="100%" px="md" gap="md" wrap="nowrap" justify="space-between">
      <UnstyledButton component={Link} to="/" aria-label={`${PRODUCT_NAME} home`}>
        <Group gap={8} wrap="nowrap">
          <LogoMark />
          <Text fw={700} size="lg">
            {PRODUCT_NAME}
          </Text>
        </Group>
      </UnstyledButton>

      <Box visibleFrom="xs" style={{ flex: status === 'signed-in' ? 1 : undefined }}>
        {status === 'signed-in' && (
          <Suspense fallback={null}>
            <SignedInNav />
          </Suspense>
        )}
        {status === 'signed-out' && (
          <Group gap="sm" wrap="nowrap">
            <Button component={Link} to="/signup" variant="default">
              Sign up
            </Button>
            <Button component={Link} to="/login">
              Log in
            </Button>
          </Group>
        )}
      </Box>

      {status !== 'loading' && (
        <Group hiddenFrom="xs" gap="xs" wrap="nowrap">
          {status === 'signed-in' && (
            <Suspense fallback={null}>
              <MobileBell />
            </Suspense>
          )}
          <MobileMenuButton />
        </Group>
      )}
    </Group>
  );
}
