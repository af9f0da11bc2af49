// "A new version is ready: Reload": shown once the web app's worker has the next build waiting, and only then;
// the button hands the choice to the worker.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AppUpdates } from '../platform/app-updates';
import { fakeBackend } from '../testing/fake-backend';
import { renderInProviders } from '../testing/render-app';
import { UpdatePrompt } from './update-prompt';

function fakeUpdates() {
  let ready = false;
  const listeners = new Set<() => void>();
  const updates: AppUpdates = {
    ready: () => ready,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    apply: vi.fn(),
  };
  const arrive = () => {
    ready = true;
    listeners.forEach((listener) => listener());
  };
  return { updates, arrive };
}

describe('the update prompt', () => {
  it('appears when a new version waits and reloads onto it when asked', async () => {
    const { updates, arrive } = fakeUpdates();
    renderInProviders(<UpdatePrompt />, fakeBackend({ overrides: { appUpdates: updates } }), '/');
    expect(screen.queryByText('A new version is ready:')).not.toBeInTheDocument();

    act(arrive);
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready: Reload');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(updates.apply).toHaveBeenCalledOnce();
  });

  it('shows nothing where the app has no service worker (the desktop app, the dev server)', () => {
    renderInProviders(<UpdatePrompt />, fakeBackend(), '/');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
