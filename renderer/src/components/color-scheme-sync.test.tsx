// The desktop shell hears the reader's colour scheme choice on start and on each change (issue 17); the
// web backend has no hook and nothing breaks without it.
import { Button, useMantineColorScheme } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBackend } from '../testing/fake-backend';
import { renderInProviders } from '../testing/render-app';
import { ColorSchemeSync } from './color-scheme-sync';

function Choices() {
  const { setColorScheme } = useMantineColorScheme();
  return (
    <>
      <Button onClick={() => setColorScheme('dark')}>Dark</Button>
      <Button onClick={() => setColorScheme('auto')}>System</Button>
    </>
  );
}

describe('ColorSchemeSync', () => {
  it('tells the shell the choice on start and on every change, with auto as system', () => {
    const setColorScheme = vi.fn();
    renderInProviders(
      <>
        <ColorSchemeSync />
        <Choices />
      </>,
      fakeBackend({ overrides: { setColorScheme } }),
      '/',
    );
    expect(setColorScheme).toHaveBeenLastCalledWith('light');
    fireEvent.click(screen.getByRole('button', { name: 'Dark' }));
    expect(setColorScheme).toHaveBeenLastCalledWith('dark');
    fireEvent.click(screen.getByRole('button', { name: 'System' }));
    expect(setColorScheme).toHaveBeenLastCalledWith('system');
  });

  it('does nothing on the web, which has no shell hook', () => {
    renderInProviders(<ColorSchemeSync />, fakeBackend(), '/');
    expect(document.body).toBeInTheDocument();
  });
});
