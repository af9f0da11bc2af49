// The last step of author matching (issue 26): one name in its different transliterations ("Dostoyevsky",
// "Dostoevsky", "Dostoevskij", "Достоевский"; "Tolstoy", "Tolstoi") folds to one key. The rules fold only
// what transliteration systems disagree on, so names that differ in their letters stay apart; matching on
// this key also needs the title to agree, or it only reuses an author record for a new book.

// Russian Cyrillic, the common (BGN-like) Latin forms; ё is е after accents go, й is y, ь and ъ vanish.
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
};

const LATIN_LETTERS: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss' };

const foldWord = (word: string) =>
  word
    .replace(/w/g, 'v') // Dostojewski (German) / Dostoevski
    .replace(/kh/g, 'h') // Mikhail / Mihail
    .replace(/^y(?=[aeiou])/, '') // Yevgeny / Evgeny
    .replace(/yo/g, 'e') // Fyodor / Fedor (ё written yo or e)
    .replace(/([aeiou])[yj](?=[aeiou])/g, '$1') // Dostoyevsky, Dostojevsky / Dostoevsky
    .replace(/(?:iy|ij|ii|yi|y|j)$/, 'i'); // Tolstoy, Tolstoj, Dostoevskii / Tolstoi, Dostoevski

/** A name folded across transliterations, accents, case, spacing and punctuation ("Le Guin" = "LeGuin"). */
export function transliterationKey(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u0400-\u04ff]/g, (c) => CYRILLIC[c] ?? c)
    // Letters Unicode does not decompose into a base and an accent ("Stanisław" / "Stanislaw").
    .replace(/[łđøæœß]/g, (c) => LATIN_LETTERS[c] ?? c);
  return plain
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map(foldWord)
    .join('');
}

/**
 * The surname folded and the given name's first letter ("Aleksandr Pushkin" and "Alexander Pushkin" are
 * both "pushkin a"): given names are where transliterations part most (Aleksandr, Fyodor/Fedor, Lev/Leo).
 * Too loose for an author on its own; matching takes it only together with the same title.
 */
export function surnameKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  const last = words.at(-1);
  if (last === undefined) return '';
  const initial = words.length > 1 ? transliterationKey(words[0] ?? '').slice(0, 1) : '';
  return `${transliterationKey(last)} ${initial}`;
}
