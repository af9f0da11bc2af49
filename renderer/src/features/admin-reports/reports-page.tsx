// /admin/reports (issue 27): the reports readers made of reviews and comments, oldest first, a page at a
// time. An admin removes the reported text or dismisses the reports; the verdict is announced, the row
// leaves the list, and the server keeps both in the audit log.
import { Alert, Anchor, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_QUEUE_PAGE } from '@shared/api/community';
import { usePageTitle } from '../../hooks/use-page-title';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { ADMIN_UNVERIFIED_WORKS_PATH } from '../../paths';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';
import { ReportRow } from './report-row';
import { ShowMoreButton } from '../../components/show-more-button';
import { VerdictStatus } from '../../components/verdict-status';

export const NO_REPORTS = 'No reports are waiting.';

export function ReportsPage() {
  usePageTitle('Reports');
  const backend = useBackend();
  const queue = useInfiniteQuery({
    queryKey: sfQueryKey('report-queue', {}),
    queryFn: ({ pageParam }) =>
      backend.sf('report-queue', { limit: REPORT_QUEUE_PAGE, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
  const [verdict, setVerdict] = useState<string | null>(null);
  const reports = queue.data?.pages.flatMap((p) => p.reports) ?? [];

  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="lg">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={1}>Reports</Title>
          <Anchor component={Link} to={ADMIN_UNVERIFIED_WORKS_PATH} size="sm">
            Unverified Works
          </Anchor>
        </Group>
        <Stack gap={4}>
          <Text c="dimmed">
            Reviews and comments readers reported, oldest first. Remove the text, or dismiss the reports when
            it is fine. Both are written to the audit log.
          </Text>
          <VerdictStatus verdict={verdict} />
        </Stack>
        {queue.isError && <Alert color="red">{messageOf(queue.error)}</Alert>}
        {queue.isPending && <Loader size="sm" role="status" aria-label="Loading" />}
        {queue.isSuccess && reports.length === 0 && <Text c="dimmed">{NO_REPORTS}</Text>}
        {reports.length > 0 && (
          <Stack gap="sm" component="ul" aria-label="Reports" p={0} m={0} style={{ listStyle: 'none' }}>
            {reports.map((report) => (
              <ReportRow key={report.id} report={report} onVerdict={setVerdict} />
            ))}
          </Stack>
        )}
        <ShowMoreButton pages={queue} label="Show more reports" variant="subtle" />
      </Stack>
    </Container>
  );
}
