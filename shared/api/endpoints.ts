// The table of every /sf/ endpoint: its access level and its request/response schemas. The server builds
// its router from it and both client platforms type their calls from it.
import type { z } from 'zod';
import { catalogueEndpoints } from './catalogue';
import { accountsEndpoints } from './accounts';
import { shelvesEndpoints } from './shelves';
import { readingEndpoints } from './reading';
import { reviewsEndpoints } from './reviews';
import { goalsEndpoints } from './goals';
import { insightsEndpoints } from './insights';
import { profilesEndpoints } from './profiles';
import { adminEndpoints } from './admin';
import { importsEndpoints } from './imports';
import { findBooksEndpoints } from './find-books';
import { socialEndpoints } from './social';
import { discoveryEndpoints } from './discovery';
import { recommendationsEndpoints } from './recommendations';
import { notificationsEndpoints } from './notifications';
import { blockListsEndpoints } from './block-lists';
import { communityEndpoints } from './community';
import { twoStepEndpoints } from './two-step';

export const endpoints = {
  ...catalogueEndpoints,
  ...accountsEndpoints,
  ...shelvesEndpoints,
  ...readingEndpoints,
  ...reviewsEndpoints,
  ...goalsEndpoints,
  ...insightsEndpoints,
  ...profilesEndpoints,
  ...adminEndpoints,
  ...importsEndpoints,
  ...findBooksEndpoints,
  ...socialEndpoints,
  ...discoveryEndpoints,
  ...recommendationsEndpoints,
  ...notificationsEndpoints,
  ...blockListsEndpoints,
  ...communityEndpoints,
  ...twoStepEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type RequestOf<N extends EndpointName> = z.input<Endpoints[N]['request']>;
export type ParsedRequestOf<N extends EndpointName> = z.output<Endpoints[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.infer<Endpoints[N]['response']>;

export function isEndpointName(name: string): name is EndpointName {
  return Object.hasOwn(endpoints, name);
}
