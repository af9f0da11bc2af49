// Getting from shelf to shelf: a sidebar with 'Shelves' (the built-ins) and 'Custom Shelves' (with the
// plus button that creates one) on wide screens, a select and the same plus button below 640 px.
import { ActionIcon, Box, Group, NativeSelect, NavLink, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BUILTIN_SHELVES } from '@shared/api/shelves';
import type { Shelf } from '@shared/api/shelves';
import { CreateShelfDialog } from './create-shelf-dialog';
import { PlusIcon } from '../../components/icons';
import { shelfPath } from '../../paths';

export interface ShelfNavigationProps {
  /** Null while the reader's shelves load: the built-ins are listed by slug until then. */
  shelves: Shelf[] | null;
  current: Shelf | null;
}

function splitShelves(shelves: Shelf[] | null) {
  const builtins = shelves
    ? shelves.filter((s) => s.slug !== null)
    : BUILTIN_SHELVES.map((b) => ({ id: '', name: b.name, description: null, slug: b.slug }));
  const custom = shelves ? shelves.filter((s) => s.slug === null) : [];
  return { builtins, custom };
}

const isCurrent = (shelf: Shelf, current: Shelf | null) =>
  current !== null && (shelf.slug ? shelf.slug === current.slug : shelf.id === current.id);

function CreateShelfButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionIcon variant="subtle" aria-label="Create shelf" onClick={() => setOpen(true)}>
        <PlusIcon />
      </ActionIcon>
      <CreateShelfDialog opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function ShelfSidebar({ shelves, current }: ShelfNavigationProps) {
  const { builtins, custom } = splitShelves(shelves);
  const link = (shelf: Shelf) => (
    <NavLink
      key={shelf.slug ?? shelf.id}
      component={Link}
      to={shelfPath(shelf)}
      label={shelf.name}
      active={isCurrent(shelf, current)}
      aria-current={isCurrent(shelf, current) ? 'page' : undefined}
    />
  );
  return (
    <Box component="nav" aria-label="Shelves" w={220} style={{ flexShrink: 0 }}>
      <Stack gap="xs">
        <Text component="h2" fw={700} size="sm" c="dimmed" tt="uppercase" m={0} px="sm">
          Shelves
        </Text>
        <div>{builtins.map(link)}</div>
        <Group justify="space-between" wrap="nowrap" px="sm" mt="md">
          <Text component="h2" fw={700} size="sm" c="dimmed" tt="uppercase" m={0}>
            Custom Shelves
          </Text>
          <CreateShelfButton />
        </Group>
        <div>{custom.map(link)}</div>
      </Stack>
    </Box>
  );
}

export function ShelfPicker({ shelves, current }: ShelfNavigationProps) {
  const navigate = useNavigate();
  const { builtins, custom } = splitShelves(shelves);
  const data = [
    { group: 'Shelves', items: builtins.map((s) => ({ value: shelfPath(s), label: s.name })) },
    ...(custom.length > 0
      ? [{ group: 'Custom Shelves', items: custom.map((s) => ({ value: shelfPath(s), label: s.name })) }]
      : []),
  ];
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NativeSelect
        label="Shelf"
        data={data}
        value={current ? shelfPath(current) : ''}
        onChange={(event) => navigate(event.currentTarget.value)}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Box mb={4}>
        <CreateShelfButton />
      </Box>
    </Group>
  );
}
