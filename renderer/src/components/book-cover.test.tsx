import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { BookCover } from './book-cover';
import { coverColours } from './cover-colour';

const URL = 'http://localhost:8787/covers/isbn/9780141439518';
const show = (props: Parameters<typeof BookCover>[0]) =>
  render(
    <MantineProvider env="test">
      <BookCover {...props} />
    </MantineProvider>,
  );

describe('BookCover', () => {
  it('without a cover shows the designed placeholder: title, author and the words No Cover', () => {
    show({ url: null, title: 'Middlemarch', author: 'George Eliot', workId: 'w1', width: 120 });
    const placeholder = screen.getByRole('img', { name: 'Middlemarch: no cover' });
    expect(placeholder).toHaveTextContent('Middlemarch');
    expect(placeholder).toHaveTextContent('George Eliot');
    expect(placeholder).toHaveTextContent('No Cover');
    expect(placeholder).toHaveStyle({ width: '120px', height: '180px' });
  });

  it("a cover too small for the title's longest word shows its first letter, never the word split", () => {
    show({ url: null, title: 'Middlemarch', author: 'George Eliot', workId: 'w1', width: 72 });
    const placeholder = screen.getByRole('img', { name: 'Middlemarch: no cover' });
    expect(placeholder).not.toHaveTextContent('Middlemarch');
    expect(placeholder).toHaveTextContent('M');
    expect(placeholder).toHaveTextContent('No Cover');
  });

  it('asks our server for every size with srcset, lazily, with its space reserved', () => {
    show({ url: URL, title: 'Middlemarch', width: 56 });
    const image = screen.getByRole('img', { name: 'Cover of Middlemarch' });
    expect(image).toHaveAttribute('src', `${URL}?size=thumb`);
    expect(image).toHaveAttribute(
      'srcset',
      `${URL}?size=thumb 144w, ${URL}?size=card 240w, ${URL}?size=header 400w`,
    );
    expect(image).toHaveAttribute('sizes', '56px');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '56');
    expect(image).toHaveAttribute('height', '84');
    // The placeholder holds the place until the image arrives, hidden from screen readers meanwhile.
    expect(screen.queryByRole('img', { name: /no cover/ })).toBeNull();
    expect(screen.getByText('No Cover')).toBeInTheDocument();
    fireEvent.load(image);
    expect(screen.queryByText('No Cover')).toBeNull();
  });

  it('loads the header cover at once, and falls back to the placeholder when the server has none', () => {
    show({ url: URL, title: 'Emma', width: 200, eager: true });
    const image = screen.getByRole('img', { name: 'Cover of Emma' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('src', `${URL}?size=header`);
    fireEvent.error(image);
    expect(screen.queryByRole('img', { name: 'Cover of Emma' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Emma: no cover' })).toBeInTheDocument();
  });
});

describe('coverColours', () => {
  it('gives a work the same colour everywhere and neighbours different ones', () => {
    expect(coverColours('work-1')).toEqual(coverColours('work-1'));
    const hues = new Set(['a', 'b', 'c', 'd', 'e'].map((k) => coverColours(k).background));
    expect(hues.size).toBe(5);
  });
});
