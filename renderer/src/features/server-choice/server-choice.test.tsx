// The desktop's choice of server as a reader meets it: the first run asks before anything else, Settings →
// Server changes it; main's answers come over a fake bridge (its checks are electron/main/server-choice.ts).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_PROFILE, fakeBackend } from '../../testing/fake-backend';
import { renderApp, renderInProviders } from '../../testing/render-app';
import { ServerSection } from '../settings/server-section';
import { createDesktopBackend } from '../../platform/desktop';
import { BRIDGE_SERVER, BRIDGE_SESSION, BRIDGE_USER, fakeBridge, ok } from '../../testing/fake-bridge';

const slow = { timeout: 5000 };
afterEach(() => window.history.replaceState(null, '', '/'));

function mount(path: string, options: Parameters<typeof fakeBridge>[0] = {}) {
  const fake = fakeBridge(options);
  const answers: Record<string, unknown> = {
    'get-profile': { ...TEST_PROFILE, id: BRIDGE_USER.id },
    'friends-activity': { items: [], next_cursor: null, following: 0 },
    'reader-suggestions': { readers: [] },
  };
  fake.spies.sf.call.mockImplementation(async (name: string) => ok(answers[name] ?? {}));
  renderApp(path, createDesktopBackend(fake.bridge, { openPage: () => undefined }));
  return fake;
}

describe('choosing the server on the desktop', () => {
  it('a first run asks before sign-in, offering the build’s server, and then goes on', async () => {
    const { spies } = mount('/login', { serverChosen: false });
    expect(await screen.findByRole('heading', { name: 'Welcome to Shelfwise' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login with Google' })).not.toBeInTheDocument();
    const builds = screen.getByRole('radio', { name: `Use Shelfwise at ${BRIDGE_SERVER}` });
    expect(builds).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(spies.app.chooseServer).toHaveBeenCalledWith(BRIDGE_SERVER);
    expect(await screen.findByRole('button', { name: 'Login with Google' }, slow)).toBeInTheDocument();
  });

  it('shows main’s reason when a self-hosted address is refused, and stays', async () => {
    const { spies } = mount('/login', { serverChosen: false });
    await userEvent.click(await screen.findByRole('radio', { name: 'Use a self-hosted server' }, slow));
    await userEvent.type(screen.getByRole('textbox', { name: /Server address/ }), 'blog.example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'blog.example.org did not answer as a Shelfwise server.',
    );
    expect(spies.app.chooseServer).toHaveBeenCalledWith('blog.example.org');
    expect(screen.getByRole('heading', { name: 'Welcome to Shelfwise' })).toBeInTheDocument();
  });

  it('Settings shows no Server section on the web', () => {
    renderInProviders(<ServerSection />, fakeBackend(), '/settings');
    expect(screen.queryByRole('region', { name: 'Server' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('Settings → Server names the server in use and says when Shelfwise restarts on another', async () => {
    const { spies, bridge } = fakeBridge({ session: BRIDGE_SESSION });
    renderInProviders(
      <ServerSection />,
      createDesktopBackend(bridge, { openPage: () => undefined }),
      '/settings',
    );
    const section = await screen.findByRole('region', { name: 'Server' }, slow);
    await waitFor(() => expect(section).toHaveTextContent(`Shelfwise uses ${BRIDGE_SERVER}.`));
    spies.app.chooseServer.mockResolvedValueOnce(
      ok({ ok: true, serverUrl: 'https://shelf.my-home.example', restarting: true }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Use a self-hosted server' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Server address/ }), 'shelf.my-home.example');
    await userEvent.click(screen.getByRole('button', { name: 'Use this server' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Shelfwise is restarting to use https://shelf.my-home.example.',
      ),
    );
  });

  it('the sign-in screen says when this computer cannot keep the session or offline changes', async () => {
    mount('/login', { keepsSignIn: false });
    await screen.findByRole('button', { name: 'Login with Google' }, slow);
    expect(
      await screen.findByText(
        "This computer can't keep you signed in or keep offline changes after you quit.",
      ),
    ).toBeInTheDocument();
  });

  it('and says nothing where the keyring keeps them', async () => {
    const { spies } = mount('/login');
    await screen.findByRole('button', { name: 'Login with Google' }, slow);
    await waitFor(() => expect(spies.app.info).toHaveBeenCalled());
    expect(screen.queryByText(/can't keep you signed in/)).not.toBeInTheDocument();
  });
});
