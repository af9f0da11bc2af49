// The mobile menu's Drawer, mirroring the desktop bar (SPEC.md §2). Its own chunk, loaded when the Burger
// (mobile-menu-button.tsx) is first pressed.
import { Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../session/session-context';
import { ColorSchemeControl } from './color-scheme-choice';
import { BROWSE_ITEMS, MAIN_ITEMS, accountItems } from './nav-items';
import type { NavItem } from './nav-items';
import { SearchBox } from './search-box';

export default function MobileMenu({ opened, close }: { opened: boolean; close: () => void }) {
  const { status, profile, isAdmin, signOut } = useSession();
  const { pathname } = useLocation();

  const link = (item: NavItem) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
      active={pathname === item.to}
      onClick={close}
    />
  );

  function handleSignOut() {
    close();
    void signOut('/');
  }

  return (
    <Drawer opened={opened} onClose={close} title="Menu" position="right" size="xs">
      {status === 'signed-in' ? (
        <Stack gap={4}>
          <SearchBox onSearch={close} />
          <Divider my="xs" />
          {MAIN_ITEMS.map(link)}
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm" px="sm">
            Browse
          </Text>
          {BROWSE_ITEMS.map(link)}
          <Divider my="xs" />
          {accountItems(profile?.username ?? null, isAdmin).map(link)}
          <NavLink component="button" label="Sign out" onClick={handleSignOut} />
          <Divider my="xs" />
          <ColorSchemeControl />
        </Stack>
      ) : (
        <Stack gap={4}>
          {link({ label: 'Sign up', to: '/signup' })}
          {link({ label: 'Log in', to: '/login' })}
          <Divider my="xs" />
          <ColorSchemeControl />
        </Stack>
      )}
    </Drawer>
  );
}
