// The /sf/ pipeline of ARCHITECTURE.md: POST + JSON only; the caller resolved from the bearer and the
// endpoint's access level enforced from the headers alone, then the body read and parsed by the endpoint's
// zod schema before any work; every failure answered in the uniform error shape.
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { Access } from '@shared/api/common';
import { endpoints, isEndpointName } from '@shared/api/endpoints';
import { IMPORT_BODY_BYTES, IMPORT_TOO_LARGE_MESSAGE } from '@shared/api/imports';
import type { EndpointName } from '@shared/api/endpoints';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@shared/api/idempotency';
import type { AppDeps } from '../deps';
import { resolveCaller } from './caller';
import { conditionalJson } from './conditional-json';
import type {
  PublicContext,
  SfHandler,
  SfHandlers,
  SfPublicRead,
  SfPublicReads,
  UserContext,
} from './handler-context';
import { aal2Required, ApiError, badRequest, forbidden, notFound, unauthorized } from './errors';
import { idempotencyKeyOf, runOnce } from './idempotency';
import { readBodyBytes } from './json-body';
import { readRequestInput } from './request-input';
import { OFF_THREAD_BODY_BYTES, readRequestInputOffThread } from './request-input-off-thread';

/**
 * The /sf/ router over every endpoint's handler. `publicReads` are the reads the areas declare cacheable: the
 * router answers those from the public read cache (when the server runs one), the rest from their handlers.
 */
export function sfRouter(
  deps: AppDeps,
  handlers: SfHandlers,
  publicReads: SfPublicReads,
  ipOf: (c: Context) => string,
): Hono {
  const router = new Hono();
  router.post('/:name', async (c) => {
    const name = c.req.param('name');
    if (!isEndpointName(name)) throw notFound(`There is no endpoint /sf/${name}.`);
    const handler = handlers[name] as SfHandler<EndpointName>;
    const def = endpoints[name];
    const access = def.access as Access;

    // Who is calling, and whether they may, is settled from the headers before a byte of the body is read:
    // an anonymous 40 MB body to a signed-in endpoint is refused at once instead of being read, parsed and
    // validated first (issue 25). So is a bad Idempotency-Key, which needs no body either.
    const caller = await resolveCaller(deps.keys, deps.db, c.req.header('authorization'));
    const user = caller.kind === 'user' ? caller : null;
    if (access !== 'public' && !user) throw unauthorized();
    if (access === 'admin' && user && !(await isAdmin(deps, user.userId))) {
      throw forbidden('Only admins can do this.');
    }
    // An admin curates for everyone, so a password alone is not enough: the session must have passed its
    // second factor (issue 31). The level comes from the live session row, not the token's claim.
    if (access === 'admin' && user && user.aal !== 'aal2') throw aal2Required();
    const idempotencyKey = idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER));
    // A key is remembered per user: an anonymous call has no one to remember it for.
    if (idempotencyKey !== undefined && !user) throw badRequest(`Sign in to send an ${IDEMPOTENCY_HEADER}.`);

    // import-library alone carries a whole export file (issue 14), and only for a signed-in reader; every
    // other call keeps the 1 MB limit. A large body is read and checked off the event loop (issue 25).
    const bytes = await readBodyBytes(
      c,
      name === 'import-library' && user
        ? { bytes: IMPORT_BODY_BYTES, message: IMPORT_TOO_LARGE_MESSAGE }
        : undefined,
    );
    const contentType = c.req.header('content-type');
    const input =
      bytes.byteLength > OFF_THREAD_BODY_BYTES
        ? await readRequestInputOffThread(name, bytes, contentType, idempotencyKey !== undefined)
        : readRequestInput(name, bytes, contentType);

    const ctx: PublicContext = { deps, caller, user, origin: c.req.header('origin') ?? null, ip: ipOf(c) };
    // Outside production every answer is checked against its contract, so drift fails tests loudly.
    const verify = (result: unknown) => {
      if (!deps.config.production) def.response.parse(result);
    };
    const answer = async () => {
      const result = await handler(input.data as never, ctx as UserContext);
      verify(result);
      return result;
    };
    // Public reads come from the process's cache as the bytes to send, with an ETag (issue 19).
    const cacheable = publicReads[name] as SfPublicRead<EndpointName> | undefined;
    if (deps.publicReads && cacheable && idempotencyKey === undefined) {
      const call = {
        name,
        input: input.data as never,
        ctx,
        anonymous: { ...ctx, caller: { kind: 'anon' as const }, user: null },
        viewerId: user?.userId ?? null,
      };
      return conditionalJson(c, await deps.publicReads.answer(cacheable, call, verify));
    }
    // Any call with a key, whatever the endpoint: a repeat gets the first answer, not a second write.
    if (idempotencyKey === undefined || !user) return c.json((await answer()) as object);
    const { value, replayed } = await runOnce(
      deps.db,
      { userId: user.userId, key: idempotencyKey, fingerprint: input.fingerprint() },
      answer,
    );
    if (replayed) c.header(IDEMPOTENT_REPLAY_HEADER, 'true');
    return c.json(value as object);
  });
  router.all('*', () => {
    throw new ApiError(405, 'method_not_allowed', 'Call /sf/ endpoints with POST.');
  });
  return router;
}

async function isAdmin(deps: AppDeps, userId: string): Promise<boolean> {
  const rows = await deps.db.query<{ is_admin: boolean }>(
    'select is_admin from public.profiles where id = $1',
    [userId],
  );
  return rows[0]?.is_admin === true;
}
