// The public shelf page's read that the public read cache keeps (server/cache/public-read-def.ts).
import type { SfPublicRead, SfPublicReads } from '../../http/handler-context';
import { authorTag, editionTag, uniqueTags, userTag, workTag } from '../../cache/public-read-def';
import { readPublicShelf } from './handlers';

const publicShelf: SfPublicRead<'public-shelf'> = {
  key: ({ shelf_id, limit, after }) => `${shelf_id}\u0000${limit}\u0000${after ?? ''}`,
  async load(input, ctx) {
    const { answer, ownerId } = await readPublicShelf(ctx.deps, input);
    const items = answer.items.flatMap((item) => [
      editionTag(item.editions.id),
      workTag(item.works.id),
      ...item.editions.edition_authors.map((a) => authorTag(a.authors.id)),
    ]);
    return { answer, tags: uniqueTags([userTag(ownerId), ...items]) };
  },
};

export const shelvesPublicReads = { 'public-shelf': publicShelf } satisfies SfPublicReads;
