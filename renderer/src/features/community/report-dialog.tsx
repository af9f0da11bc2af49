// Reporting a review or a comment: one reason from a short fixed list, and optional words for the admins.
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { MAX_REPORT_DETAILS_LENGTH, REPORT_REASON_LABELS, REPORT_REASONS } from '@shared/api/community';
import type { ReportReason } from '@shared/api/community';
import { messageOf } from '../../platform/errors';
import { useCommunityActions } from './use-community-actions';
import type { ReportTarget } from './use-community-actions';

export const REPORT_SENT = 'Thank you. An admin will look at your report.';

export interface ReportDialogProps {
  target: ReportTarget | null;
  /** 'review' or 'comment', for the title. */
  what: string;
  onClose: () => void;
}

export function ReportDialog({ target, what, onClose }: ReportDialogProps) {
  const actions = useCommunityActions();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [status, setStatus] = useState<{ sent: boolean; error: string | null }>({ sent: false, error: null });
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason(null);
    setDetails('');
    setStatus({ sent: false, error: null });
    onClose();
  };
  const send = async () => {
    if (!target || !reason) return;
    setBusy(true);
    try {
      await actions.report(target, reason, details);
      setStatus({ sent: true, error: null });
    } catch (e) {
      setStatus({ sent: false, error: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={target !== null} onClose={close} title={`Report ${what}`} centered>
      {status.sent ? (
        <Stack gap="md">
          <Text role="status">{REPORT_SENT}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Radio.Group
            label="Why are you reporting this?"
            value={reason ?? ''}
            onChange={(value) => setReason(value as ReportReason)}
            required
          >
            <Stack gap="xs" mt="xs">
              {REPORT_REASONS.map((r) => (
                <Radio key={r} value={r} label={REPORT_REASON_LABELS[r]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Anything the admins should know (optional)"
            value={details}
            maxLength={MAX_REPORT_DETAILS_LENGTH}
            autosize
            minRows={2}
            onChange={(e) => setDetails(e.currentTarget.value)}
          />
          {status.error && (
            <Text c="red" size="sm" role="alert">
              {status.error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" disabled={!reason} loading={busy} onClick={() => void send()}>
              Send report
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
