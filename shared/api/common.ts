import { z } from 'zod';

/** Every id the API hands out is a UUID; anything else is refused before it reaches the database. */
export const id = z.uuid({ message: 'must be a UUID' });

/** The uniform error body of every /sf/ call (ARCHITECTURE.md "API"). */
export const errorBody = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** How a payload its schema refuses is described to the caller: the first issue, naming its field. */
export function describeZodError(error: z.ZodError): {
  message: string;
  details: { path: string; message: string }[];
} {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input.';
  return { message, details: issues };
}

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Whether a string is text a reader could have typed: no C0 control character other than tab, LF and CR,
 * and no UTF-16 surrogate outside a pair. PostgreSQL refuses NUL in text and unpaired surrogates in
 * jsonb; the other controls only hide text from the people who read it. Also used where strings are read
 * outside zod (the /auth/v1 bodies).
 */
export function isFitText(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 && code !== TAB && code !== LF && code !== CR) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
}

export const UNFIT_TEXT_MESSAGE = 'must not contain control characters or broken Unicode';

/**
 * Every free-text field of a request starts here: a string without control characters (tab and newlines
 * aside) or unpaired surrogates, refused with 400 naming the field. Chain trim, max and the like after it.
 */
export const text = (message?: string) =>
  (message === undefined ? z.string() : z.string({ message })).refine(isFitText, UNFIT_TEXT_MESSAGE);

/**
 * Optional free text, trimmed, where missing, null and blank all mean "none" (null). A cap, when given,
 * bounds the raw input; finer length rules are checked with the other rules, in plain words.
 */
export const optionalText = (maxLength?: number) =>
  (maxLength === undefined ? text() : text().max(maxLength)).nullish().transform((value) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  });

export const empty = z.object({}).strict();
export const ok = z.object({ ok: z.literal(true) });

/** Who may call an endpoint. The server checks this itself; hiding buttons is not security. */
export type Access = 'public' | 'user' | 'admin';

export interface EndpointDef<
  A extends Access = Access,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  access: A;
  request: Req;
  response: Res;
}

export const endpoint = <A extends Access, Req extends z.ZodType, Res extends z.ZodType>(
  access: A,
  request: Req,
  response: Res,
): EndpointDef<A, Req, Res> => ({ access, request, response });

export const authorRef = z.object({ authors: z.object({ id, name: z.string() }) });
export const searchQuery = text().trim().max(200, 'query is at most 200 characters');
