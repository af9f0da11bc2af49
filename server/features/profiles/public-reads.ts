// The profile page's public read that the public read cache keeps (server/cache/public-read-def.ts).
import type { SfPublicRead, SfPublicReads } from '../../http/handler-context';
import { authorTag, editionTag, uniqueTags, userTag, workTag } from '../../cache/public-read-def';
import { profilesHandlers } from './handlers';

const publicProfile: SfPublicRead<'public-profile'> = {
  key: ({ username }) => username,
  async load(input, ctx) {
    const answer = await profilesHandlers['public-profile'](input, ctx);
    const reading = answer.reading.flatMap((r) => [
      editionTag(r.edition_id),
      workTag(r.work_id),
      ...(r.author ? [authorTag(r.author.id)] : []),
    ]);
    return { answer, tags: uniqueTags([userTag(answer.profile.id), ...reading]) };
  },
};

export const profilesPublicReads = { 'public-profile': publicProfile } satisfies SfPublicReads;
