// Unverified works (issue 26): the works readers made (from an import, or typed in) that nobody has vouched
// for yet, newest first, with how many readers have each. An admin approves one, merges it into a work
// of the catalogue, or removes it; until then only its maker sees it.
import { Alert, Anchor, Group, Loader, Stack, Text, Title, Container } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSfQuery } from '../../hooks/use-sf-query';
import { messageOf } from '../../platform/errors';
import { ADMIN_REPORTS_PATH, ADMIN_RESET_GENRE_PATH } from '../../paths';
import { UnverifiedWorkRow } from './unverified-work-row';
import { AdminTwoStepNotice } from '../two-step/admin-two-step-notice';
import { VerdictStatus } from '../../components/verdict-status';

export const NO_UNVERIFIED_WORKS = 'No works are waiting for review.';

export function UnverifiedWorksPage() {
  usePageTitle('Unverified Works');
  const list = useSfQuery('unverified-works', {});
  const [verdict, setVerdict] = useState<string | null>(null);

  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="lg">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={1}>Unverified Works</Title>
          <Group gap="md">
            <Anchor component={Link} to={ADMIN_RESET_GENRE_PATH} size="sm">
              Reset Genre
            </Anchor>
            <Anchor component={Link} to={ADMIN_REPORTS_PATH} size="sm">
              Reports
            </Anchor>
          </Group>
        </Group>
        <AdminTwoStepNotice />
        <Stack gap={4}>
          <Text c="dimmed">
            Works readers added themselves. Only the reader who added one sees it until you approve it, merge
            it into a work of the catalogue or remove it.
          </Text>
          <VerdictStatus verdict={verdict} />
        </Stack>
        {list.isError && <Alert color="red">{messageOf(list.error)}</Alert>}
        {!list.data && !list.isError && <Loader size="sm" role="status" aria-label="Loading" />}
        {list.data && list.data.works.length === 0 && <Text c="dimmed">{NO_UNVERIFIED_WORKS}</Text>}
        {list.data && list.data.works.length > 0 && (
          <>
            <Text size="sm" aria-live="polite">
              {list.data.total === list.data.works.length
                ? `${list.data.total} waiting, newest first`
                : `Newest ${list.data.works.length} of ${list.data.total} waiting`}
            </Text>
            <Stack
              gap="sm"
              component="ul"
              aria-label="Unverified works"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {list.data.works.map((work) => (
                <UnverifiedWorkRow key={work.id} work={work} onVerdict={setVerdict} />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}
