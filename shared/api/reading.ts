// Contracts of the reading calls (SPEC.md §7).
import type { EndpointDef } from './common';

export const readingEndpoints = {} satisfies Record<string, EndpointDef>;
