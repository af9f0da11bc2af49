import { describe, expect, it } from 'vitest';
import { surnameKey, transliterationKey } from './name-fold';

const same = (...names: string[]) => new Set(names.map(transliterationKey)).size === 1;

describe('transliterationKey', () => {
  it('folds the transliterations of one name together', () => {
    expect(same('Fyodor Dostoyevsky', 'Fyodor Dostoevsky', 'Fedor Dostoevskii', 'Fyodor Dostojewski')).toBe(
      true,
    );
    expect(same('Фёдор Достоевский', 'Fyodor Dostoevsky')).toBe(true);
    expect(same('Leo Tolstoy', 'Leo Tolstoi', 'Leo Tolstoj')).toBe(true);
    expect(same('Лев Толстой', 'Lev Tolstoy')).toBe(true);
    expect(same('Mikhail Bulgakov', 'Mihail Bulgakov')).toBe(true);
    expect(same('Yevgeny Zamyatin', 'Evgeny Zamyatin', 'Evgenii Zamiatin')).toBe(false); // ya/ia stays
    expect(same('Yevgeny Zamyatin', 'Evgeny Zamyatin', 'Evgenij Zamyatin')).toBe(true);
    expect(same('Ursula K. Le Guin', 'Ursula K. LeGuin', 'URSULA K LE GUIN')).toBe(true);
    expect(same('Gabriel García Márquez', 'Gabriel Garcia Marquez')).toBe(true);
  });

  it('keeps different authors apart', () => {
    expect(same('Anne Brontë', 'Emily Brontë')).toBe(false);
    expect(same('Kingsley Amis', 'Martin Amis')).toBe(false);
    expect(same('Iain Banks', 'Ian Banks')).toBe(false);
    expect(same('Leo Tolstoy', 'Aleksey Tolstoy')).toBe(false);
    expect(same('Mary Shelley', 'Percy Bysshe Shelley')).toBe(false);
    expect(same('Fyodor Dostoevsky', 'Fyodor Sologub')).toBe(false);
    expect(same('Joyce Carol Oates', 'James Joyce')).toBe(false);
  });
});

describe('surnameKey', () => {
  it('keeps the surname and the given name’s initial across transliterations', () => {
    expect(surnameKey('Aleksandr Pushkin')).toBe(surnameKey('Alexander Pushkin'));
    expect(surnameKey('Fedor Dostoevskij')).toBe(surnameKey('Fyodor Dostoyevsky'));
    expect(surnameKey('Mark Twain')).not.toBe(surnameKey('Shania Twain'));
    expect(surnameKey('')).toBe('');
    expect(surnameKey('Stanisław Lem')).toBe(surnameKey('Stanislaw Lem'));
  });
});
