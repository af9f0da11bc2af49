// The last step of an import: every imported book onto its shelves, in the file's order (Goodreads
// positions first, then row order), after whatever the shelf already holds; custom shelves created once;
// and a Shelfwise file's shelf descriptions, goals and profile. One transaction, safe to run again.
import { generateNKeysBetween } from 'fractional-indexing';
import { MAX_CUSTOM_SHELVES, MAX_SHELF_ITEMS } from '@shared/api/shelves';
import { clip } from '@shared/domain/library-import/values';
import type {
  ImportGoal,
  ImportProfile,
  ImportShelf,
  ShelfPlacement,
} from '@shared/domain/library-import/record';
import { GOAL_TYPES } from '@shared/domain/reading-stats';
import type { Queryable } from '../../db/db';
import { ensureBuiltinShelves } from '../shelves/own-shelves';
import type { Change } from './changes';
import { recordChanges } from './changes';

interface Extras {
  shelves?: ImportShelf[];
  goals?: ImportGoal[];
  profile?: ImportProfile | null;
  applied?: boolean;
}

/** Answers what could not be done (a full shelf, too many shelves), for the import's summary. */
export async function placeShelves(tx: Queryable, importId: string, userId: string): Promise<string | null> {
  const changes: Change[] = [];
  const problems: string[] = [];
  await ensureBuiltinShelves(tx, userId);
  const [imp] = await tx.query<{ extras: Extras }>('select extras from public.imports where id = $1', [
    importId,
  ]);
  const extras = imp?.extras ?? {};

  const rows = await tx.query<{
    row: number;
    edition_id: string;
    work_id: string;
    shelves: ShelfPlacement[] | null;
    added_at: string | null;
  }>(
    `select row, edition_id, work_id, record->'shelves' as shelves, record->>'added_at' as added_at
     from public.import_rows
     where import_id = $1 and outcome in ('matched', 'created') and not shelved and edition_id is not null
     order by row`,
    [importId],
  );

  const owned = await tx.query<{ id: string; slug: string | null; name: string }>(
    'select id, slug, name from public.shelves where user_id = $1',
    [userId],
  );
  const bySlug = new Map(owned.filter((s) => s.slug).map((s) => [s.slug as string, s.id]));
  const byName = new Map(owned.filter((s) => !s.slug).map((s) => [s.name.toLowerCase(), s.id]));
  let customCount = owned.filter((s) => !s.slug).length;

  const wantedNames = new Map<string, { name: string; description: string | null }>();
  if (!extras.applied) {
    for (const s of extras.shelves ?? []) {
      if (s.slug === null)
        wantedNames.set(s.name.trim().toLowerCase(), { name: s.name.trim(), description: s.description });
    }
  }
  for (const r of rows) {
    for (const p of r.shelves ?? []) {
      const key = p.name.trim().toLowerCase();
      if (p.slug === null && key !== '' && !wantedNames.has(key))
        wantedNames.set(key, { name: p.name.trim(), description: null });
    }
  }
  for (const [key, shelf] of wantedNames) {
    if (byName.has(key) || shelf.name === '') continue;
    if (customCount >= MAX_CUSTOM_SHELVES) {
      problems.push(`Shelf "${shelf.name}" not created: at most ${MAX_CUSTOM_SHELVES} custom shelves`);
      continue;
    }
    const [created] = await tx.query<{ id: string }>(
      `insert into public.shelves (user_id, name, description) values ($1, $2, $3)
       on conflict do nothing returning id`,
      [userId, clip(shelf.name, 100), shelf.description === null ? null : clip(shelf.description, 1000)],
    );
    if (!created) continue;
    customCount += 1;
    byName.set(key, created.id);
    changes.push({ kind: 'shelf', ref: { id: created.id } });
  }

  // Per shelf, the items in the file's order: placed ones by position, then the rest by row.
  const perShelf = new Map<
    string,
    {
      edition_id: string;
      work_id: string;
      position: number | null;
      row: number;
      added_at: string | null;
      owner_visible: boolean;
      /** False when the file does not say, so the item is published as it goes on the shelf. */
      keeps_published: boolean;
      published_at: string | null;
    }[]
  >();
  for (const r of rows) {
    for (const p of r.shelves ?? []) {
      const shelfId = p.slug ? bySlug.get(p.slug) : byName.get(p.name.trim().toLowerCase());
      if (!shelfId) continue;
      const list = perShelf.get(shelfId) ?? [];
      list.push({
        edition_id: r.edition_id,
        work_id: r.work_id,
        position: p.position,
        row: r.row,
        added_at: p.added_at ?? r.added_at,
        owner_visible: p.owner_visible ?? true,
        keeps_published: p.published_at !== undefined,
        published_at: p.published_at ?? null,
      });
      perShelf.set(shelfId, list);
    }
  }
  for (const [shelfId, wanted] of perShelf) {
    await tx.query('select id from public.shelves where id = $1 for update', [shelfId]);
    const present = await tx.query<{ edition_id: string }>(
      'select edition_id from public.shelf_items where shelf_id = $1 and edition_id = any($2::uuid[])',
      [shelfId, wanted.map((w) => w.edition_id)],
    );
    const seen = new Set(present.map((p) => p.edition_id));
    const fresh = wanted
      .sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.row - b.row)
      .filter((w) => !seen.has(w.edition_id) && (seen.add(w.edition_id), true));
    if (fresh.length === 0) continue;
    const [stats] = await tx.query<{ n: number; last: string | null }>(
      'select count(*)::int as n, max(sort_key) as last from public.shelf_items where shelf_id = $1',
      [shelfId],
    );
    const room = MAX_SHELF_ITEMS - (stats?.n ?? 0);
    if (fresh.length > room)
      problems.push(
        `${fresh.length - Math.max(0, room)} books not shelved: a shelf holds at most ${MAX_SHELF_ITEMS}`,
      );
    const placed = fresh.slice(0, Math.max(0, room));
    if (placed.length === 0) continue;
    const keys = generateNKeysBetween(stats?.last ?? null, null, placed.length);
    await tx.query(
      `insert into public.shelf_items
         (shelf_id, edition_id, work_id, sort_key, added_at, owner_visible, published_at)
       select $1, x.edition_id, x.work_id, x.sort_key, coalesce(x.added_at, now()),
              x.owner_visible or (x.keeps_published and x.published_at is null),
              case when x.keeps_published then x.published_at else now() end
       from jsonb_to_recordset($2::jsonb) as x(edition_id uuid, work_id uuid, sort_key text, added_at timestamptz,
              owner_visible boolean, keeps_published boolean, published_at timestamptz)
       on conflict do nothing`,
      [shelfId, JSON.stringify(placed.map((p, i) => ({ ...p, sort_key: keys[i] })))],
    );
    for (const p of placed)
      changes.push({ kind: 'shelf_item', ref: { shelf_id: shelfId, edition_id: p.edition_id } });
  }
  await tx.query(
    `update public.import_rows set shelved = true
     where import_id = $1 and outcome in ('matched', 'created') and not shelved`,
    [importId],
  );

  if (!extras.applied) {
    await applyExtras(tx, userId, extras, byName, changes);
    await tx.query(`update public.imports set extras = extras || '{"applied": true}'::jsonb where id = $1`, [
      importId,
    ]);
  }
  await recordChanges(tx, importId, changes);
  return problems.length > 0 ? problems.join('; ') : null;
}

async function applyExtras(
  tx: Queryable,
  userId: string,
  extras: Extras,
  byName: ReadonlyMap<string, string>,
  changes: Change[],
): Promise<void> {
  // Descriptions of shelves that already existed are filled in only where the reader has none.
  for (const s of extras.shelves ?? []) {
    const id = s.slug === null ? byName.get(s.name.trim().toLowerCase()) : undefined;
    if (id && s.description) {
      await tx.query('update public.shelves set description = $2 where id = $1 and description is null', [
        id,
        clip(s.description, 1000),
      ]);
    }
  }
  const goals = (extras.goals ?? []).filter(
    (g) =>
      (GOAL_TYPES as readonly string[]).includes(g.goal_type) &&
      Number.isInteger(g.goal_year) &&
      g.goal_year >= 1900 &&
      g.goal_year <= 3000 &&
      Number.isInteger(g.target_qty) &&
      g.target_qty > 0 &&
      g.target_qty <= 1_000_000,
  );
  if (goals.length > 0) {
    const inserted = await tx.query<{ goal_year: number; goal_type: string }>(
      `insert into public.reading_goals (user_id, goal_year, goal_type, target_qty)
       select $1, x.goal_year, x.goal_type, x.target_qty
       from jsonb_to_recordset($2::jsonb) as x(goal_year smallint, goal_type text, target_qty int)
       on conflict do nothing returning goal_year, goal_type`,
      [userId, JSON.stringify(goals)],
    );
    for (const g of inserted)
      changes.push({ kind: 'goal', ref: { goal_year: g.goal_year, goal_type: g.goal_type } });
  }
  const profile = extras.profile;
  if (profile && (profile.first_name !== null || profile.last_name !== null)) {
    const [before] = await tx.query<{ first_name: string | null; last_name: string | null }>(
      'select first_name, last_name from public.profiles where id = $1 for update',
      [userId],
    );
    if (before) {
      const first = profile.first_name === null ? before.first_name : clip(profile.first_name, 100);
      const last = profile.last_name === null ? before.last_name : clip(profile.last_name, 100);
      if (first !== before.first_name || last !== before.last_name) {
        await tx.query(
          'update public.profiles set first_name = $2, last_name = $3, updated_at = now() where id = $1',
          [userId, first, last],
        );
        changes.push({ kind: 'profile', ref: { before, after: { first_name: first, last_name: last } } });
      }
    }
  }
}
