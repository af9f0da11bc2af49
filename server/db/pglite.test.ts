// The embedded database's one queue must not shut out the rest of the server while it has work.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from './db';
import { openPglite } from './pglite';

let db: Db;
beforeAll(async () => {
  db = await openPglite();
});
afterAll(() => db.close());

it('lets I/O callbacks run between queued statements, so a burst cannot starve requests still arriving', async () => {
  let ioRan = false;
  const statements = Array.from({ length: 40 }, () => db.query('select 1 as one'));
  // Scheduled after the burst was queued: it stands for a socket that became readable meanwhile.
  setImmediate(() => {
    ioRan = true;
  });
  await statements[0];
  await statements[1];
  expect(ioRan).toBe(true);
  expect(await Promise.all(statements)).toEqual(statements.map(() => [{ one: 1 }]));
});

it('answers a recurring statement after its table changes shape under it', async () => {
  await db.exec(
    `create table shapes (id int primary key, label text not null); insert into shapes values (1, 'one')`,
  );
  const sql = 'select * from shapes where id = $1';
  for (let i = 0; i < 6; i++) expect(await db.query(sql, [1])).toEqual([{ id: 1, label: 'one' }]);
  await db.exec('alter table shapes add column weight int not null default 7');
  for (let i = 0; i < 6; i++) expect(await db.query(sql, [1])).toEqual([{ id: 1, label: 'one', weight: 7 }]);
});
