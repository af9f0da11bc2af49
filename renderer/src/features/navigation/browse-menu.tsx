import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ChevronDown } from '../../components/chevron-down';
import { BROWSE_ITEMS } from './nav-items';

export function BrowseMenu() {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" px="xs" rightSection={<ChevronDown />}>
          Browse
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {BROWSE_ITEMS.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
