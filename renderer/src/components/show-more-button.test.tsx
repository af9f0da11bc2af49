import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { ShowMoreButton } from './show-more-button';

const inTheme = (ui: ReactNode) => (
  <MantineProvider theme={theme} env="test">
    {ui}
  </MantineProvider>
);

describe('ShowMoreButton', () => {
  it('asks for the next page, and says it is busy while it loads', async () => {
    const fetchNextPage = vi.fn(async () => undefined);
    const pages = { hasNextPage: true, isFetchingNextPage: false, fetchNextPage };
    const view = render(inTheme(<ShowMoreButton pages={pages} label="Show more comments" />));
    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
    view.rerender(
      inTheme(<ShowMoreButton pages={{ ...pages, isFetchingNextPage: true }} label="Show more comments" />),
    );
    expect(screen.getByRole('button', { name: 'Show more comments' })).toHaveAttribute(
      'data-loading',
      'true',
    );
  });

  it('is not there when the list has no more pages', () => {
    render(
      inTheme(
        <ShowMoreButton pages={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage: vi.fn() }} />,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
