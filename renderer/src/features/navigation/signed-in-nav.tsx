// The signed-in part of the desktop bar: main links and Browse, then search, the notification bell and the
// user menu. Its own
// chunk: visitors who are not signed in never download the menus.
import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { NotificationBell } from '../notifications/notification-bell';
import { BrowseMenu } from './browse-menu';
import { MAIN_ITEMS } from './nav-items';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';

export default function SignedInNav() {
  const { pathname } = useLocation();
  return (
    <Group gap="md" wrap="nowrap" style={{ flex: 1 }}>
      <Group component="nav" aria-label="Main" gap={4} wrap="nowrap" style={{ flex: 1 }}>
        {MAIN_ITEMS.map((item) => {
          const current = pathname === item.to;
          return (
            <Button
              key={item.to}
              component={Link}
              to={item.to}
              variant={current ? 'light' : 'subtle'}
              color={current ? undefined : 'gray'}
              aria-current={current ? 'page' : undefined}
              px="xs"
            >
              {item.label}
            </Button>
          );
        })}
        <BrowseMenu />
      </Group>
      <Group gap="sm" wrap="nowrap" justify="flex-end" style={{ flex: 1 }}>
        <SearchBox />
        <NotificationBell />
        <UserMenu />
      </Group>
    </Group>
  );
}
