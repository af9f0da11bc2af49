// The offline banner and the cached initial data, on the desktop Backend over a fake bridge: what the reader
// sees when main says it cannot reach the server, while changes wait, and when one was refused.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@shared/api/notifications';
import { createDesktopBackend } from '../platform/desktop';
import { TEST_PROFILE } from '../testing/fake-backend';
import { BRIDGE_SESSION, BRIDGE_USER, fakeBridge, ok } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

const slow = { timeout: 5000 };
afterEach(() => window.history.replaceState(null, '', '/'));

function mount(path = '/settings') {
  const fake = fakeBridge({ session: BRIDGE_SESSION });
  // What Settings reads, in the real shapes (the profile, the notification choices, the block and mute
  // lists); anything else answers {}.
  const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true]));
  const noReaders = { readers: [], next_cursor: null };
  const answers: Record<string, unknown> = {
    'get-profile': { ...TEST_PROFILE, id: BRIDGE_USER.id },
    'notification-settings': { kinds },
    'blocked-readers': noReaders,
    'muted-readers': noReaders,
  };
  fake.spies.sf.call.mockImplementation(async (name: string) => ok(answers[name] ?? {}));
  const view = renderApp(path, createDesktopBackend(fake.bridge));
  return { ...fake, ...view };
}

describe('the offline banner', () => {
  it('says so while main is offline, counts what waits, and asks main to try again', async () => {
    const { emitOffline, spies } = mount();
    await screen.findByRole('heading', { name: 'Settings' }, slow);
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();

    emitOffline({ online: false, pending: 2, refused: [] });
    expect(await screen.findByText('You are offline')).toBeInTheDocument();
    expect(screen.getByText(/2 changes will be sent when the connection is back\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(spies.offline.retry).toHaveBeenCalledOnce();

    emitOffline({ online: true, pending: 1, refused: [] });
    expect(await screen.findByText('Sending 1 change made offline…')).toBeInTheDocument();
    emitOffline({ online: true, pending: 0, refused: [] });
    await waitFor(() => expect(screen.queryByText(/made offline/)).not.toBeInTheDocument());
  });

  it('shows a refused change with the server’s message until it is dismissed', async () => {
    const { emitOffline, spies } = mount();
    await screen.findByRole('heading', { name: 'Settings' }, slow);
    emitOffline({
      online: true,
      pending: 0,
      refused: [
        {
          id: 'r1',
          name: 'log-progress-event',
          queuedAt: '2026-05-01T10:00:00.000Z',
          message: "Cannot log 'resume': this edition is in progress.",
          code: 'invalid_transition',
        },
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A change made offline was not saved');
    expect(alert).toHaveTextContent('Reading progress from');
    expect(alert).toHaveTextContent("Cannot log 'resume': this edition is in progress.");
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(spies.offline.dismiss).toHaveBeenCalledWith('r1');
  });

  it(
    'the notifications switch in Settings is off until turned on, and main keeps the choice',
    { timeout: 20_000 },
    async () => {
      const { spies } = mount();
      await screen.findByRole('heading', { name: 'Settings' }, slow);
      // Mantine's label holds the description too, so the name starts with the label.
      const toggle = await screen.findByRole('switch', { name: /^Desktop notifications/ }, slow);
      await waitFor(() => expect(toggle).toBeEnabled());
      expect(toggle).not.toBeChecked();
      await userEvent.click(toggle);
      expect(spies.desktop.setNotifications).toHaveBeenCalledWith(true);
      await waitFor(() => expect(toggle).toBeChecked());
    },
  );
});
