// The ways to the Import and export page from the pages a reader looks for it on (issue 14): Settings,
// next to the rest of their account, and My Books, next to the shelves an import fills.
import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IMPORT_PATH } from '../../paths';
import { SettingsCard } from '../settings/settings-card';
import { IMPORT_PAGE_TITLE } from './import-page-title';

export function ImportExportSettingsSection() {
  return (
    <SettingsCard title="Your Library">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          Bring your books in from Goodreads or The StoryGraph, or download them all.
        </Text>
        <Button variant="light" component={Link} to={IMPORT_PATH}>
          {IMPORT_PAGE_TITLE}
        </Button>
      </Group>
    </SettingsCard>
  );
}

export function ImportExportButton() {
  return (
    <Button variant="default" size="sm" component={Link} to={IMPORT_PATH}>
      {IMPORT_PAGE_TITLE}
    </Button>
  );
}
