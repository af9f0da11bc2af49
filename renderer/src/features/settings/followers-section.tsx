// Settings → Followers (issue 27): who may follow the reader, anyone (the default: profiles are public) or
// readers they approve, and the requests waiting for an answer.
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FollowPolicy } from '@shared/api/social';
import { useSfQuery } from '../../hooks/use-sf-query';
import { loadFailureMessage } from '../../lib/load-failure';
import { ReaderRow } from '../social/reader-row';
import { useSocialActions } from '../social/use-social-actions';
import { SettingsCard } from './settings-card';

export const FOLLOWERS_TITLE = 'Followers';
export const WHO_MAY_FOLLOW = 'Who may follow you';

function FollowRequests() {
  const requests = useSfQuery('follow-requests', {});
  const actions = useSocialActions();
  const [error, setError] = useState<string | null>(null);
  const list = requests.data?.requests ?? [];
  if (list.length === 0) return null;
  const answer = async (userId: string, approve: boolean) => {
    setError(null);
    try {
      await actions.answerRequest(userId, approve);
    } catch (e) {
      setError(loadFailureMessage(e, 'Could not answer the request. Try again.'));
    }
  };
  return (
    <Stack gap="xs" component="section" aria-label="Follow requests">
      <Text fw={600}>Follow requests</Text>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map(({ reader }) => (
          <ReaderRow
            key={reader.id}
            reader={reader}
            actions={
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  onClick={() => void answer(reader.id, true)}
                  aria-label={`Approve ${reader.username}`}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void answer(reader.id, false)}
                  aria-label={`Decline ${reader.username}`}
                >
                  Decline
                </Button>
              </Group>
            }
          />
        ))}
      </Stack>
    </Stack>
  );
}

export function FollowersSection() {
  const settings = useSfQuery('social-settings', {});
  const actions = useSocialActions();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The choice shows at once while it is saved; a refusal puts back what the server holds.
  const [chosen, setChosen] = useState<FollowPolicy | null>(null);

  const change = async (value: string) => {
    setSaving(true);
    setError(null);
    setChosen(value as FollowPolicy);
    try {
      await actions.setFollowPolicy(value as FollowPolicy);
    } catch (e) {
      setChosen(null);
      setError(loadFailureMessage(e, 'Could not save who may follow you. Try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard title={FOLLOWERS_TITLE}>
      {settings.isError ? (
        <Alert color="red">
          {loadFailureMessage(settings.error, 'Could not load your follower settings.')}
        </Alert>
      ) : (
        <Radio.Group
          label={WHO_MAY_FOLLOW}
          description="Readers who approve followers show others only their profile header."
          value={chosen ?? settings.data?.follow_policy ?? ''}
          onChange={(value) => void change(value)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="anyone" label="Anyone" disabled={saving || !settings.data} />
            <Radio value="approve" label="Readers I approve" disabled={saving || !settings.data} />
          </Stack>
        </Radio.Group>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <FollowRequests />
    </SettingsCard>
  );
}
