import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('Chunk failed to load');
}

describe('ErrorBoundary', () => {
  it('shows the failure, and clears it when the page changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(
      <MantineProvider env="test">
        <ErrorBoundary resetKey="/a">
          <Broken />
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText('Chunk failed to load')).toBeInTheDocument();
    view.rerender(
      <MantineProvider env="test">
        <ErrorBoundary resetKey="/b">
          <p>Next page</p>
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('Next page')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
