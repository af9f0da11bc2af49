// The whole app on the desktop Backend over a fake bridge: what a person sees when main signs them in, opens
// a page from a mail link, or reports a sign-in that failed.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_PROFILE } from '../testing/fake-backend';
import { renderApp } from '../testing/render-app';
import { createDesktopBackend } from './desktop';
import { BRIDGE_SERVER, BRIDGE_SESSION, BRIDGE_USER, fakeBridge, ok } from '../testing/fake-bridge';

const VERIFY = `${BRIDGE_SERVER}/auth/v1/verify?token=t0k3n&type=signup&redirect_to=shelfwise%3A%2F%2Fauth%2Fcallback`;
const CONFIRM_PATH = `/confirm-signup?confirmation_url=${encodeURIComponent(VERIFY)}`;

// Lazy pages load slowly under jsdom.
const slow = { timeout: 5000 };
afterEach(() => window.history.replaceState(null, '', '/'));

function mount(path: string, options: Parameters<typeof fakeBridge>[0] = {}) {
  const fake = fakeBridge(options);
  // The dashboard's panels get answers of their shape (Friends Activity: nobody followed yet); the rest {}.
  const answers: Record<string, unknown> = {
    'get-profile': { ...TEST_PROFILE, id: BRIDGE_USER.id },
    'friends-activity': { items: [], next_cursor: null, following: 0 },
    'reader-suggestions': { readers: [] },
  };
  fake.spies.sf.call.mockImplementation(async (name: string) => ok(answers[name] ?? {}));
  const openPage = vi.fn();
  const view = renderApp(path, createDesktopBackend(fake.bridge, { openPage }));
  const location = () => screen.getByTestId('location').textContent;
  return { ...fake, ...view, openPage, location };
}

describe('the app on the desktop bridge', () => {
  it('shows the dashboard for the session main holds', async () => {
    mount('/', { session: BRIDGE_SESSION });
    expect(await screen.findByRole('heading', { name: 'Reading Dashboard' }, slow)).toBeInTheDocument();
  });

  it('opens the confirmation page of a mail link that launched the app', async () => {
    const { location } = mount('/', { pending: [{ kind: 'open', path: CONFIRM_PATH }] });
    expect(await screen.findByRole('link', { name: 'Confirm Email' }, slow)).toHaveAttribute('href', VERIFY);
    expect(location()).toBe(CONFIRM_PATH);
  });

  it('signs in when main finishes a Google sign-in, and goes where the delivery says', async () => {
    const { emitState, deliver, deliveryListeners, location } = mount('/login');
    await screen.findByRole('button', { name: 'Login with Google' }, slow);
    await waitFor(() => expect(deliveryListeners()).toBe(1));
    emitState('SIGNED_IN', BRIDGE_SESSION);
    deliver({ kind: 'auth', outcome: { kind: 'signed-in', recovery: false }, path: '/' });
    expect(await screen.findByRole('heading', { name: 'Reading Dashboard' }, slow)).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('reloads onto the sign-in page with the failure, and shows it there', async () => {
    const first = mount('/login');
    await waitFor(() => expect(first.deliveryListeners()).toBe(1));
    first.deliver({ kind: 'auth', outcome: { kind: 'error', message: 'Access denied' }, path: '/login' });
    expect(first.openPage).toHaveBeenCalledWith('/login?error_description=Access+denied');
    first.unmount();

    // The session provider reads the page's own address, as it does after a real reload.
    window.history.replaceState(null, '', '/login?error_description=Access+denied');
    const reloaded = mount('/login?error_description=Access+denied');
    expect(await screen.findByText('Access denied', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(reloaded.location()).toBe('/login'));
  });
});
