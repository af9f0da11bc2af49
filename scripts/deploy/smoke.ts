// The deployment smoke test: a reader's round trip through a two-instance deployment behind a proxy.
//   npx tsx scripts/deploy/smoke.ts <proxy url> <instance 1 url> <instance 2 url>
// Run by the CI workflow against docker compose (deploy/compose.yaml + compose.smoke.yaml), and here by
// scripts/deploy/local-topology.ts against the same topology made of plain processes. Needs the local
// mailbox (MAIL_MAILBOX=1) to confirm the sign-up. Exits 0 when every step held, 1 with the failed step.
import sharp from 'sharp';

export async function smokeTest(
  proxy: string,
  first: string,
  second: string,
  log = console.log,
): Promise<void> {
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    try {
      const result = await work();
      log(`ok   ${name}`);
      return result;
    } catch (err) {
      throw new Error(`FAIL ${name}: ${(err as Error).message}`, { cause: err });
    }
  };
  const expectStatus = async (res: Response, status: number) => {
    if (res.status !== status) throw new Error(`answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return res;
  };

  await step('ready through the proxy', async () => expectStatus(await fetch(`${proxy}/health/ready`), 200));
  const { anonKey } = await step(
    'client config through the proxy',
    async () =>
      (await (await expectStatus(await fetch(`${proxy}/client-config`), 200)).json()) as { anonKey: string },
  );

  const tag = `smoke${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}@example.test`;
  const password = `Smoke-${tag}-Passw0rd!`;
  await step('sign-up through the proxy', async () =>
    expectStatus(
      await fetch(`${proxy}/sf/register-user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${anonKey}` },
        body: JSON.stringify({ email, password, username: tag, first_name: 'Smoke', last_name: 'Test' }),
      }),
      200,
    ),
  );
  await step('confirm the address from the mail (read through the second instance)', async () => {
    // The mail goes out through the outbox job a moment after the sign-up answers: wait for it.
    let link: string | undefined;
    for (const deadline = Date.now() + 30_000; !link && Date.now() < deadline;) {
      const res = await expectStatus(await fetch(`${second}/dev/mail?to=${encodeURIComponent(email)}`), 200);
      link = ((await res.json()) as { links: string[] }[])[0]?.links[0];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const verify = link && new URL(link).searchParams.get('confirmation_url');
    if (!verify) throw new Error('no confirmation link in the mail');
    const landed = await expectStatus(await fetch(verify, { redirect: 'manual' }), 303);
    if (!landed.headers.get('location')?.includes('access_token='))
      throw new Error('the link gave no session');
  });
  const token = await step('sign-in through the proxy', async () => {
    const res = await fetch(`${proxy}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return (await (await expectStatus(res, 200)).json()) as { access_token: string; user: { id: string } };
  });
  for (const [name, base] of [
    ['first', first],
    ['second', second],
  ] as const) {
    await step(`the session is recognised by the ${name} instance`, async () =>
      expectStatus(
        await fetch(`${base}/auth/v1/user`, {
          headers: { apikey: anonKey, authorization: `Bearer ${token.access_token}` },
        }),
        200,
      ),
    );
  }
  const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const path = `avatars/public/${token.user.id}.png`;
  await step('avatar uploaded through the first instance', async () =>
    expectStatus(
      await fetch(`${first}/storage/v1/object/${path}`, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${token.access_token}`,
          'content-type': 'image/png',
        },
        body: new Uint8Array(image),
      }),
      200,
    ),
  );
  await step('the same avatar served by the second instance and the proxy', async () => {
    const one = await expectStatus(await fetch(`${first}/storage/v1/object/public/${path}`), 200);
    const two = await expectStatus(await fetch(`${second}/storage/v1/object/public/${path}`), 200);
    const viaProxy = await expectStatus(await fetch(`${proxy}/storage/v1/object/public/${path}`), 200);
    const [a, b, c] = await Promise.all(
      [one, two, viaProxy].map(async (r) => Buffer.from(await r.arrayBuffer())),
    );
    if (!a!.equals(b!) || !a!.equals(c!)) throw new Error('the instances serve different bytes');
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [proxy, first, second] = process.argv.slice(2);
  if (!proxy || !first || !second) {
    console.error('Usage: npx tsx scripts/deploy/smoke.ts <proxy url> <instance 1 url> <instance 2 url>');
    process.exit(2);
  }
  try {
    await smokeTest(proxy, first, second);
    console.log('The deployment answered every step.');
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
