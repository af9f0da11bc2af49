// Readers for the social tests: registered, confirmed and signed in through the real supabase-js client,
// with their usernames; and the sample catalogue's editions to read.
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import { signedInReader } from './import-flows';
import type { TestServer } from './test-server';

export interface SocialReader {
  id: string;
  token: string;
  username: string;
}

export async function socialReader(s: TestServer): Promise<SocialReader> {
  const reader = await signedInReader(s);
  const profile = await s.sf('get-profile', {}, reader.token);
  return { ...reader, username: profile.body.username as string };
}

export async function sampleEditions(
  s: TestServer,
): Promise<{ id: string; work_id: string; title: string }[]> {
  await seedCatalogue(s.t.deps.db, sampleCatalogue);
  return s.t.deps.db.query(
    `select distinct on (e.work_id) e.id, e.work_id, w.title
     from public.editions e join public.works w on w.id = e.work_id order by e.work_id, e.id`,
  );
}
