// One open report in the admins' queue: the reported text as it stands now, who wrote it, the reason and
// the reporter's words, and the two verdicts: remove the text (its reports go with it) or dismiss the
// reports of it. The server writes each verdict to the audit log.
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_REASON_LABELS } from '@shared/api/community';
import type { ReportItem } from '@shared/api/community';
import { formatShortDate } from '../../lib/format-date';
import { userPath, workPath } from '../../paths';
import { messageOf } from '../../platform/errors';
import { useCommunityActions } from '../community/use-community-actions';

const reportsText = (n: number) => (n === 1 ? '1 open report' : `${n} open reports`);

export function ReportRow({
  report,
  onVerdict,
}: {
  report: ReportItem;
  onVerdict: (message: string) => void;
}) {
  const actions = useCommunityActions();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { target } = report;
  const what = target.kind === 'review' ? 'review' : 'comment';
  const headingId = `report-${report.id}`;

  async function verdict(action: 'remove' | 'dismiss') {
    setBusy(true);
    setFailure(null);
    try {
      onVerdict(await actions.resolveReport(report.id, action));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" component="li" aria-labelledby={headingId} data-testid="report-row">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Text fw={600} id={headingId} style={{ overflowWrap: 'anywhere' }}>
            A {what} by{' '}
            <Anchor component={Link} to={userPath(target.author.username)} inherit>
              @{target.author.username}
            </Anchor>{' '}
            on{' '}
            <Anchor component={Link} to={workPath(target.work_id)} inherit fs="italic">
              {target.work_title}
            </Anchor>
          </Text>
          <Badge variant="light" color="red">
            {reportsText(report.open_reports)}
          </Badge>
        </Group>
        <Paper withBorder p="sm" bg="var(--mantine-color-body)">
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="reported-text"
          >
            {target.text}
          </Text>
        </Paper>
        <Text size="sm">
          <strong>{REPORT_REASON_LABELS[report.reason]}</strong>, reported{' '}
          {formatShortDate(report.created_at)} by @{report.reporter.username}
          {report.details && `: “${report.details}”`}
        </Text>
        {failure && (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        )}
        <Group gap="xs">
          <Button color="red" loading={busy} onClick={() => void verdict('remove')}>
            Remove {what}
          </Button>
          <Button variant="default" loading={busy} onClick={() => void verdict('dismiss')}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
