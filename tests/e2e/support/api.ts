// Setting the scene for a screen test through the API rather than through other screens: a reader's own
// access token and /sf/ calls made with it, and catalogue lookups by search.
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { EndpointName, RequestOf, ResponseOf } from '../../../shared/api/endpoints';
import type { Reader } from './accounts';
import { hasAuthenticator, passSecondFactor } from './authenticator';

export interface ApiClient {
  accessToken: string;
  userId: string;
  sf<N extends EndpointName>(name: N, payload: RequestOf<N>): Promise<ResponseOf<N>>;
}

async function anonKey(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/client-config')).json()) as { anonKey: string };
  return config.anonKey;
}

async function call(request: APIRequestContext, token: string, name: string, payload: unknown): Promise<any> {
  const response = await request.post(`/sf/${name}`, {
    headers: { authorization: `Bearer ${token}` },
    data: payload,
  });
  expect(response.ok(), `/sf/${name} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Signs a confirmed reader in with the password grant, as supabase-js does, and answers a client. */
export async function signInApi(request: APIRequestContext, reader: Reader): Promise<ApiClient> {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: await anonKey(request) },
    data: { email: reader.email, password: reader.password },
  });
  expect(response.ok(), `password sign-in answered ${response.status()}`).toBe(true);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  // A reader with two-step sign-in owes the code before any call counts.
  const accessToken = hasAuthenticator(reader.email)
    ? await passSecondFactor(request, await anonKey(request), reader.email, session.access_token)
    : session.access_token;
  return {
    accessToken,
    userId: session.user.id,
    sf: (name, payload) => call(request, accessToken, name, payload),
  };
}

/** Public /sf/ calls, made with the anon key as a signed-out visitor's browser does. */
export async function publicSf<N extends EndpointName>(
  request: APIRequestContext,
  name: N,
  payload: RequestOf<N>,
): Promise<ResponseOf<N>> {
  return call(request, await anonKey(request), name, payload);
}

/** The demo catalogue's best hit for a search, e.g. findWork(request, 'Pride and Prejudice'). */
export async function findWork(request: APIRequestContext, query: string) {
  const { results } = await publicSf(request, 'search-works', { query });
  const hit = results[0];
  expect(hit, `the demo catalogue has a hit for '${query}'`).toBeTruthy();
  const work = await publicSf(request, 'work-details', { work_id: hit!.work_id });
  return { workId: work.id, title: work.title, primaryEditionId: work.primary_edition_id };
}
