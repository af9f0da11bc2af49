// Admin readers for screen tests. The e2e server lists these addresses in ADMIN_EMAILS, so an account made
// with one is an admin from sign-up (npm run admin cannot open the embedded database the server holds).
// One address per purpose and project, so specs and the two viewport projects never share an admin. Admin
// calls need two-step sign-in (issue 31): a new admin enrols an authenticator (authenticator.ts) at once, and
// logIn and signInApi answer its code.
import { expect } from '@playwright/test';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { createConfirmedReader } from './accounts';
import { enrolAuthenticator, hasAuthenticator } from './authenticator';
import type { Reader } from './accounts';

export const ADMIN_PURPOSES = [
  'work',
  'author',
  'genre',
  'misc',
  'a11y',
  'catalogue',
  'reports',
  'enrol',
] as const;
export type AdminPurpose = (typeof ADMIN_PURPOSES)[number];

const PROJECTS = ['desktop', 'mobile'] as const;
export const adminEmail = (purpose: string, project: string) => `admin-${purpose}-${project}@example.test`;

/** The ADMIN_EMAILS value the e2e server starts with. */
export const E2E_ADMIN_EMAILS = ADMIN_PURPOSES.flatMap((purpose) =>
  PROJECTS.map((project) => adminEmail(purpose, project)),
).join(',');

/** The admin for this purpose and project, created (and confirmed) on first use in a run. */
export async function adminReader(
  request: APIRequestContext,
  testInfo: TestInfo,
  purpose: AdminPurpose,
): Promise<Reader> {
  const project = testInfo.project.name;
  expect(PROJECTS as readonly string[], 'admins exist for the desktop and mobile projects').toContain(
    project,
  );
  const reader: Reader = {
    firstName: 'Admin',
    lastName: purpose,
    username: `admin_${purpose}_${project}`,
    email: adminEmail(purpose, project),
    password: 'Curator#Pass1',
  };
  const config = (await (await request.get('/client-config')).json()) as { anonKey: string };
  const probe = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: config.anonKey },
    data: { email: reader.email, password: reader.password },
  });
  if (probe.ok() && hasAuthenticator(reader.email)) return reader;
  if (!probe.ok()) await createConfirmedReader(request, reader);
  const signedIn = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: config.anonKey },
    data: { email: reader.email, password: reader.password },
  });
  const { access_token: token } = (await signedIn.json()) as { access_token: string };
  await enrolAuthenticator(request, config.anonKey, reader.email, token);
  return reader;
}
