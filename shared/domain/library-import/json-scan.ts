// Finds where JSON values begin and end without building them, so a Shelfwise file can be parsed one book
// at a time: JSON.parse of a whole 20 MB file holds every book at once (and a file of millions of empty
// arrays needs hundreds of MB), while one book's slice costs what that book is. The scan also counts the
// values in each slice, so a pathological one is refused before JSON.parse is asked to build it.

/** A value's place in the text: [start, end) and how many JSON values (keys included) it holds. */
export interface JsonSlice {
  start: number;
  end: number;
  values: number;
}

export class JsonShapeError extends Error {}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export function skipSpace(text: string, pos: number): number {
  while (pos < text.length && isSpace(text.charCodeAt(pos))) pos += 1;
  return pos;
}

/** The end of the string whose opening quote is at `pos` (just past its closing quote). */
function stringEnd(text: string, pos: number): number {
  for (let i = pos + 1; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 1;
    else if (c === 0x22) return i + 1;
  }
  throw new JsonShapeError('unterminated string');
}

/** The value starting at `pos` (no leading space), refused once it holds more than `maxValues` values. */
export function scanValue(text: string, pos: number, maxValues: number): JsonSlice {
  const first = text.charCodeAt(pos);
  if (first === 0x22) return { start: pos, end: stringEnd(text, pos), values: 1 };
  if (first !== 0x7b && first !== 0x5b) {
    let end = pos;
    while (end < text.length && /[\w.+-]/.test(text[end] as string)) end += 1;
    if (end === pos) throw new JsonShapeError('a value was expected');
    return { start: pos, end, values: 1 };
  }
  // An object or array: one pass, counting every string (keys too), number, literal and container in it.
  let depth = 0;
  let values = 0;
  for (let i = pos; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === 0x2c || c === 0x3a) continue;
    values += 1;
    if (values > maxValues) throw new JsonShapeError('too many values');
    if (c === 0x22) {
      i = stringEnd(text, i) - 1;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
    } else if (c === 0x7d || c === 0x5d) {
      values -= 1;
      depth -= 1;
      if (depth === 0) return { start: pos, end: i + 1, values };
    } else {
      while (i + 1 < text.length && !/[\s,:\]}]/.test(text[i + 1] as string)) i += 1;
    }
  }
  throw new JsonShapeError('unterminated value');
}

/** The members of the object at `pos`: each key with the slice of its value, each bounded by `maxValues`. */
export function* objectMembers(
  text: string,
  pos: number,
  maxValues: number,
  /** A member whose value is scanned whole, its parts bounded one by one later (the books). */
  uncapped?: string,
): Generator<{ key: string; value: JsonSlice }> {
  if (text.charCodeAt(pos) !== 0x7b) throw new JsonShapeError('an object was expected');
  let i = skipSpace(text, pos + 1);
  if (text.charCodeAt(i) === 0x7d) return;
  for (;;) {
    if (text.charCodeAt(i) !== 0x22) throw new JsonShapeError('a key was expected');
    const keyEnd = stringEnd(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a) throw new JsonShapeError("':' was expected");
    const value = scanValue(text, skipSpace(text, i + 1), key === uncapped ? Infinity : maxValues);
    yield { key, value };
    i = skipSpace(text, value.end);
    if (text.charCodeAt(i) === 0x7d) return;
    if (text.charCodeAt(i) !== 0x2c) throw new JsonShapeError("',' was expected");
    i = skipSpace(text, i + 1);
  }
}

/** The elements of the array at `pos`, each as its slice, one at a time. */
export function* arrayElements(text: string, pos: number, maxValues: number): Generator<JsonSlice> {
  if (text.charCodeAt(pos) !== 0x5b) throw new JsonShapeError('an array was expected');
  let i = skipSpace(text, pos + 1);
  if (text.charCodeAt(i) === 0x5d) return;
  for (;;) {
    const element = scanValue(text, i, maxValues);
    yield element;
    i = skipSpace(text, element.end);
    if (text.charCodeAt(i) === 0x5d) return;
    if (text.charCodeAt(i) !== 0x2c) throw new JsonShapeError("',' was expected");
    i = skipSpace(text, i + 1);
  }
}
