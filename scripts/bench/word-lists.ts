// Word lists behind the synthetic titles and names. The short lists are the common words of real titles
// ("The Silent River"); the generated lexicon is the long tail (invented names and places), so a search
// for one of its words matches a handful of works, as a search for a rare real word does.

export const ADJECTIVES = `silent hidden last broken golden crimson lost secret quiet burning distant hollow
  wild bright dark forgotten endless fallen frozen gentle hungry iron little long midnight narrow northern
  pale restless scarlet shattered sleeping small strange sunken tangled tender twisted velvet wandering
  young ancient bitter silver savage holy wicked lonely emerald`.split(/\s+/);

export const NOUNS = `river house garden city sea night kingdom shadow mirror letter road island forest
  mountain daughter son mother father king queen thief witch stranger soldier sister brother widow painter
  doctor storm fire winter summer harvest empire crown bridge tower clock map star moon sun song dream
  promise memory silence ghost heart bone salt ash glass stone wolf fox orchard lantern raven feather
  cartographer lighthouse apothecary orchestra`.split(/\s+/);

export const FIRST_NAMES = `Anna Ben Clara David Elena Farid George Hana Ivan Julia Kofi Lena Mateo Nadia
  Omar Priya Quentin Rosa Samuel Tara Umar Vera William Xin Yara Zoe Alice Bruno Chidi Dana Emil Freya Goran
  Helga Isaac Jonas Amara Björn Chloé Dmitri Eun-ji Fatima Gabriel Ingrid José Kenji Leila Malik`.split(
  /\s+/,
);

export const LAST_NAMES = `Abbott Baker Castillo Dubois Eriksen Fischer Garcia Haddad Ibrahim Jensen
  Kowalski Laurent Moreau Novak Okafor Petrov Quinn Rossi Santos Tanaka Ueda Varga Weber Xu Yilmaz Zimmer
  Andersen Brennan Costa Delacroix Esposito Fontaine Gallagher Horvat Ivanova Jovanovic Kaur Lindqvist
  Mensah Nakamura Müller Núñez Ødegaard Søndergaard`.split(/\s+/);

/** Genres with a skew like a general bookshop's: the first ones are shelved far more often. */
export const GENRES = [
  'Literary Fiction',
  'Mystery',
  'Romance',
  'Fantasy',
  'Thriller',
  'Science Fiction',
  'History',
  'Biography',
  'Young Adult',
  'Horror',
  'Historical Fiction',
  'Poetry',
  'Philosophy',
  'Travel',
  'Science',
  'Humor',
  'Graphic Novels',
  'Classics',
  'Memoir',
  'Short Stories',
];

const ONSETS = ['b', 'c', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'th', 'br', 'st'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ae', 'ia', 'ou'];
const CODAS = ['', '', 'n', 'r', 's', 'l', 'th', 'nd', 'x'];

/**
 * `size` distinct invented words such as "Velorath" or "Stinmoux", capitalised, in a fixed order (the
 * same on every run), built from syllables so they look like names and are real tokens to full text.
 */
export function inventedWords(size: number): string[] {
  const words: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; words.length < size; i++) {
    let n = i;
    let word = '';
    const syllables = 2 + (i % 2);
    for (let s = 0; s < syllables; s++) {
      word += ONSETS[n % ONSETS.length];
      n = Math.floor(n / ONSETS.length);
      word += VOWELS[n % VOWELS.length];
      n = Math.floor(n / VOWELS.length);
    }
    word += CODAS[n % CODAS.length];
    if (n >= CODAS.length * 4) word += String.fromCharCode(97 + ((i * 7) % 26));
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word.charAt(0).toUpperCase() + word.slice(1));
    }
  }
  return words;
}
