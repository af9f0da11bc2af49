// A signed-in reader made over HTTP alone (register, open the mailed link, take the session), for tests
// whose server runs in another process and whose database they cannot reach.
import { randomUUID } from 'node:crypto';

export interface HttpReader {
  email: string;
  token: string;
}

/** POSTs to /sf/{name}; a reset or refused connection answers status 0 rather than throwing. */
export async function sfCall(
  url: string,
  name: string,
  body: unknown,
  token: string,
  timeoutMs = 15_000,
): Promise<{ status: number; body: any; headers: Headers | null; error?: string }> {
  try {
    const res = await fetch(`${url}/sf/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { status: 0, body: null, headers: null, error: cause?.code ?? (err as Error).name };
  }
}

export async function signUpOverHttp(url: string, anonKey: string): Promise<HttpReader> {
  const tag = `r${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const email = `${tag}@example.test`;
  const registered = await sfCall(
    url,
    'register-user',
    { email, password: 'Str0ng!pass', username: tag, first_name: 'Ada', last_name: 'Lovelace' },
    anonKey,
  );
  if (registered.status !== 200) throw new Error(`register-user: ${JSON.stringify(registered)}`);
  const link = await mailedLink(url, email);
  const verify = new URL(link).searchParams.get('confirmation_url') ?? link;
  const landed = await fetch(verify, { redirect: 'manual' });
  const fragment = new URLSearchParams(new URL(landed.headers.get('location') ?? '', url).hash.slice(1));
  const token = fragment.get('access_token');
  if (!token) throw new Error(`the confirmation link gave no session (${landed.status})`);
  return { email, token };
}

/** The first link of the newest mail to `to`; mail may be sent by a worker, so this waits a little. */
async function mailedLink(url: string, to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${url}/dev/mail?to=${encodeURIComponent(to)}`);
    const mails = res.ok ? ((await res.json()) as { links: string[] }[]) : [];
    const link = mails[0]?.links[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail for ${to} (GET /dev/mail answered ${res.status})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
