// Block or mute a reader, and undo either, from their profile or a reader card (issue 27). A menu behind a
// "more" button, so the follow button stays the one obvious action; Settings lists both with undo too.
import { ActionIcon, Menu, Text } from '@mantine/core';
import { useState } from 'react';
import { DotsIcon } from '../../components/icons';
import { useSfQuery } from '../../hooks/use-sf-query';
import { loadFailureMessage } from '../../lib/load-failure';
import { useSocialActions } from './use-social-actions';

export function ReaderSafetyMenu({ userId, name }: { userId: string; name: string }) {
  const relation = useSfQuery('reader-relationship', { user_id: userId });
  const actions = useSocialActions();
  const [error, setError] = useState<string | null>(null);
  const run = async (action: (id: string) => Promise<void>) => {
    setError(null);
    try {
      await action(userId);
    } catch (e) {
      setError(loadFailureMessage(e, 'Could not change it. Try again.'));
    }
  };
  const blocked = relation.data?.blocked ?? false;
  const muted = relation.data?.muted ?? false;
  return (
    <div>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`More for ${name}`} disabled={!relation.data}>
            <DotsIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {blocked ? (
            <Menu.Item onClick={() => void run(actions.unblock)}>Unblock {name}</Menu.Item>
          ) : (
            <>
              <Menu.Item onClick={() => void run(muted ? actions.unmute : actions.mute)}>
                {muted ? `Unmute ${name}` : `Mute ${name}`}
              </Menu.Item>
              <Menu.Item color="red" onClick={() => void run(actions.block)}>
                Block {name}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {error && (
        <Text size="xs" c="red" role="alert" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}
