// POST /sf/{name} from the web Backend (shared/api/post-sf.ts), turning every failure into an SfError with
// the uniform error body.
import { postSf } from '@shared/api/post-sf';
import { SfError } from './errors';

export async function fetchSf(
  fetchFn: typeof fetch,
  baseUrl: string,
  name: string,
  payload: unknown,
  bearer: string,
): Promise<unknown> {
  const body = JSON.stringify(payload ?? {});
  const outcome = await postSf({ fetch: fetchFn, baseUrl, name, body, bearer });
  if (outcome.ok) return outcome.value;
  throw new SfError(outcome.failure);
}
