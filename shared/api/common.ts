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

/**
 * Optional free text, trimmed, where missing, null and blank all mean "none" (null). A cap, when given,
 * bounds the raw input; finer length rules are checked with the other rules, in plain words.
 */
export const optionalText = (maxLength?: number) =>
  (maxLength === undefined ? z.string() : z.string().max(maxLength)).nullish().transform((text) => {
    const trimmed = text?.trim() ?? '';
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
export const searchQuery = z.string().trim().max(200, 'query is at most 200 characters');
