// The admin tools panel of the work page (SPEC.md §2, §6): first-published date and lock, primary edition
// and lock, the shown edition's authors, and merging this work into another. The page renders it for
// admins only; the server checks is_admin on every call regardless.
import { Divider, Paper, Stack, Title } from '@mantine/core';
import { AdminTwoStepNotice } from '../../two-step/admin-two-step-notice';
import type { AdminEdition, AdminWork } from './admin-types';
import { EditionAuthorsForm } from './edition-authors-form';
import { MergeWorkForm } from './merge-work-form';
import { PrimaryEditionForm } from './primary-edition-form';
import { WorkDateForm } from './work-date-form';

export function AdminTools({
  work,
  editions,
  edition,
}: {
  work: AdminWork;
  editions: readonly AdminEdition[];
  /** The edition the page shows, whose authors the tools edit; null when the work has none. */
  edition: AdminEdition | null;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="admin-tools">
      <Stack gap="md">
        <Title order={2} size="h4" id="admin-tools">
          Admin Tools
        </Title>
        <AdminTwoStepNotice />
        <WorkDateForm work={work} />
        <Divider />
        <PrimaryEditionForm work={work} editions={editions} />
        <Divider />
        <EditionAuthorsForm key={edition?.id ?? 'none'} edition={edition} />
        <Divider />
        <MergeWorkForm work={work} />
      </Stack>
    </Paper>
  );
}
