// Contracts of the reviews calls (SPEC.md §7).
import type { EndpointDef } from './common';

export const reviewsEndpoints = {} satisfies Record<string, EndpointDef>;
