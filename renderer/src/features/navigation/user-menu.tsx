import { Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { UserAvatar } from '../../components/user-avatar';
import { useSession } from '../../session/session-context';
import { ColorSchemeMenuItems } from './color-scheme-choice';
import { accountItems } from './nav-items';

export function UserMenu() {
  const { profile, isAdmin, signOut } = useSession();
  const username = profile?.username ?? null;

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* Named by hidden text, not aria-label: the avatar's initials are a picture of the reader, not
            the button's label, and an aria-label would hide them (label-content-name-mismatch). */}
        <UnstyledButton style={{ borderRadius: '50%' }}>
          <VisuallyHidden>User menu</VisuallyHidden>
          <UserAvatar username={username} avatarUrl={profile?.avatar_url} size={36} radius="xl" aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {username && <Menu.Label>@{username}</Menu.Label>}
        {accountItems(username, isAdmin).map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <ColorSchemeMenuItems />
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut('/')}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
