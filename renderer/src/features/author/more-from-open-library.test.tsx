import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

const WEIR = '00000000-0000-4000-8000-000000000001';
const ARTEMIS_ID = '00000000-0000-4000-8000-000000000099';

describe('More by this author from Open Library', () => {
  it("lists the author's works we do not hold, and a pick imports and opens one", async () => {
    const backend = fakeBackend({
      session: sessionFor(),
      sf: {
        'author-details': () => ({ id: WEIR, name: 'Andy Weir', works: [] }),
        'author-openlibrary-works': () => ({
          status: 'ok',
          results: [
            {
              ol_key: '/works/OL9000008W',
              title: 'Artemis',
              author_names: 'Andy Weir',
              first_publish_year: 2017,
              cover_url: null,
              edition_count: null,
            },
          ],
        }),
        'import-openlibrary-work': () => ({ work_id: ARTEMIS_ID }),
      },
    });
    renderApp(`/author/${WEIR}`, backend);
    const section = await screen.findByRole('region', { name: 'More by this author from Open Library' });
    expect(within(section).getByText('First published 2017')).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('author-openlibrary-works', { author_id: WEIR });
    await userEvent.click(within(section).getByRole('button', { name: 'Add and open: Artemis' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/work/${ARTEMIS_ID}`));
  });
});
