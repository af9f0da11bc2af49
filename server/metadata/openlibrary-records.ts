// The JSON shapes of Open Library's records, as far as the importer reads them. Open Library's data is
// uneven (hand-edited for years), so a field of the wrong shape reads as absent instead of failing the book;
// whether a record is usable without it (a key, a title) is the importer's call.
import { z } from 'zod';

/** A non-blank string, trimmed; anything else reads as null. */
const name = z.string().trim().min(1).nullable().catch(null);

/** A list of non-blank strings; other entries are left out. */
const names = z
  .array(name)
  .catch([])
  .transform((items) => items.filter((item) => item !== null));

/** References to other records ({"key": "/authors/OL1A"}), as their keys. */
const refs = z
  .array(z.object({ key: name }).catch({ key: null }))
  .catch([])
  .transform((items) => items.flatMap(({ key }) => key ?? []));

/** Free text, given either as a string or as {"type": "/type/text", "value": ...}. */
const typedText = z
  .union([z.string(), z.object({ value: z.string() }).transform(({ value }) => value)])
  .transform((value) => value.trim() || null)
  .catch(null);

/** A count, given as a number or as a string of digits. */
const positiveInt = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .refine((count) => Number.isInteger(count) && count > 0)
  .nullable()
  .catch(null);

/** The first cover id; Open Library uses -1 as a placeholder for a removed cover. */
const firstCoverId = z
  .array(z.unknown())
  .catch([])
  .transform((ids) =>
    ids.find((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0),
  );

/** Any JSON object: every record is one. */
export const jsonObject = z.record(z.string(), z.unknown());

/** What a merged record leaves behind: {"type": {"key": "/type/redirect"}, "location": ...}. */
export const redirectStub = z.object({
  type: z.object({ key: z.literal('/type/redirect') }),
  location: name,
});

export const editionRecord = z.object({
  key: name,
  title: name,
  subtitle: name,
  publish_date: name,
  isbn_13: names,
  isbn_10: names,
  publishers: names,
  number_of_pages: positiveInt,
  pagination: name,
  physical_format: name,
  description: typedText,
  covers: firstCoverId,
  works: refs,
  authors: refs,
  // Free text such as "Earthsea Cycle ; 1" or "Hainish Cycle, #4" (series.ts parses it).
  series: names,
});

export const workRecord = z.object({
  key: name,
  title: name,
  subjects: names,
  first_publish_date: name,
  description: typedText,
  covers: firstCoverId,
  authors: z
    .array(z.object({ author: z.object({ key: name }) }).catch({ author: { key: null } }))
    .catch([])
    .transform((items) => items.flatMap(({ author }) => author.key ?? [])),
});

export const authorRecord = z.object({
  key: name,
  name: name,
  personal_name: name,
  alternate_names: names,
});

/** The code of a network failure (ECONNREFUSED...), which undici puts on the error's cause. */
export const failureCause = z.object({ code: name }).catch({ code: null });
