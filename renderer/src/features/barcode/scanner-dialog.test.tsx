// The scanner without a usable camera (jsdom has none): it says why, and the typed ISBN goes to the book
// through check-isbn and search-works. Reading a real barcode is proven in Chromium (tests/e2e/scan-barcode).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import type { ResponseOf } from '@shared/api/endpoints';
import { fakeBackend } from '../../testing/fake-backend';
import { renderInProviders } from '../../testing/render-app';
import { NEW_ISBN_NOTICE } from '../search/search-results';
import { ScanBarcodeButton } from './scan-barcode-button';
import { CAMERA_FAILURES } from './scanner-messages';

const WORK_ID = '0b7d1d4e-4f5a-4c3e-9a43-1d6c1a2b3c01';
const HIT = {
  work_id: WORK_ID,
  work_title: 'The Martian',
  author_names: 'Andy Weir',
  rank: 1,
  primary_edition_id: null,
  cover_url: null,
  first_publish_year: 2011,
  rating_count: 0,
  rating_average: null,
};

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function withCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

async function openScanner(backend = fakeBackend()) {
  const onFound = vi.fn();
  renderInProviders(
    <>
      <ScanBarcodeButton onFound={onFound} />
      <Where />
    </>,
    backend,
    '/',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Scan barcode' }));
  const dialog = await screen.findByRole('dialog', { name: 'Scan barcode' });
  return { dialog, onFound };
}

describe('Scan barcode', () => {
  it('explains a browser that cannot open a camera', async () => {
    const { dialog } = await openScanner();
    expect(await within(dialog).findByRole('status')).toHaveTextContent(CAMERA_FAILURES.unsupported);
  });

  it('explains a refused camera and offers it again', async () => {
    const getUserMedia = vi.fn(() =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    );
    withCamera(getUserMedia);
    const { dialog } = await openScanner();
    expect(await within(dialog).findByRole('status')).toHaveTextContent(CAMERA_FAILURES.refused);
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: 'environment' } }) }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Scan again' }));
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2));
  });

  it('says when there is no camera', async () => {
    withCamera(() => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')));
    const { dialog } = await openScanner();
    expect(await within(dialog).findByRole('status')).toHaveTextContent(CAMERA_FAILURES['no-camera']);
  });

  it('refuses a typed ISBN with a wrong check digit and asks nothing', async () => {
    const backend = fakeBackend();
    const { dialog } = await openScanner(backend);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'ISBN' }), '9780553418027{Enter}');
    expect(await within(dialog).findByText('Enter a valid ISBN-10 or ISBN-13.')).toBeInTheDocument();
    expect(backend.sf).not.toHaveBeenCalled();
  });

  it('imports a typed ISBN we lack, saying so, and opens its work page', async () => {
    let answer!: (value: ResponseOf<'search-works'>) => void;
    const backend = fakeBackend({
      sf: {
        'check-isbn': () => ({ isbn: '9780553418026', exists: false }),
        'search-works': () => new Promise((resolve) => (answer = resolve)),
      },
    });
    const { dialog, onFound } = await openScanner(backend);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'ISBN' }), '0-553-41802-5{Enter}');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(NEW_ISBN_NOTICE);
    expect(backend.sf).toHaveBeenCalledWith('check-isbn', { query: '9780553418026' });
    expect(backend.sf).toHaveBeenCalledWith('search-works', { query: '9780553418026' });
    answer({ results: [HIT], new_isbn_added: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/work/${WORK_ID}`));
    expect(onFound).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scan barcode' })).toBeNull());
  });

  it('says when no book has the ISBN and stays open', async () => {
    const backend = fakeBackend({
      sf: {
        'check-isbn': () => ({ isbn: '9781250186430', exists: false }),
        'search-works': () => ({ results: [], new_isbn_added: false }),
      },
    });
    const { dialog } = await openScanner(backend);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'ISBN' }), '9781250186430{Enter}');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'No book with ISBN 9781250186430 was found.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });
});
