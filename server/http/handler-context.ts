// What an /sf/ handler is given and must answer: the types every feature's handlers are written against.
// They live apart from the router (sf-router.ts) so that features, and the public reads they declare for the
// cache, depend on these types and nothing of the router's or the cache's machinery.
import type { EndpointName, Endpoints, ParsedRequestOf, ResponseOf } from '@shared/api/endpoints';
import type { PublicReadDef } from '../cache/public-read-def';
import type { AppDeps } from '../deps';
import type { Caller } from './caller';

type UserCaller = Extract<Caller, { kind: 'user' }>;

export interface PublicContext {
  deps: AppDeps;
  caller: Caller;
  /** The signed-in user, when the caller is one. */
  user: UserCaller | null;
  /** The web origin the call came from, for links in mails. */
  origin: string | null;
  ip: string;
}
export interface UserContext extends PublicContext {
  user: UserCaller;
}

type ContextFor<N extends EndpointName> = Endpoints[N]['access'] extends 'public'
  ? PublicContext
  : UserContext;
export type SfHandler<N extends EndpointName> = (
  input: ParsedRequestOf<N>,
  ctx: ContextFor<N>,
) => Promise<ResponseOf<N>>;
/**
 * One area's handlers: exactly one for each endpoint of its table in shared/api. Each area's map is written
 * `satisfies AreaHandlers<typeof xEndpoints>`, so a missing handler, or one for an endpoint not in the
 * table, is a compile error.
 */
export type AreaHandlers<Table> = { [N in keyof Table & EndpointName]: SfHandler<N> };
/** A handler for every /sf/ endpoint: the router takes nothing less. */
export type SfHandlers = AreaHandlers<Endpoints>;

/** A public read an area declares cacheable (server/cache/public-read-def.ts says what each part means). */
export type SfPublicRead<N extends EndpointName> = PublicReadDef<
  ParsedRequestOf<N>,
  PublicContext,
  ResponseOf<N>
>;
/** An area's cacheable public reads, written `satisfies SfPublicReads` beside its handlers. */
export type SfPublicReads = { [N in EndpointName]?: SfPublicRead<N> };
