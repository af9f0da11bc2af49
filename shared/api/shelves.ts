// Contracts of the shelves calls (SPEC.md §7).
import type { EndpointDef } from './common';

export const shelvesEndpoints = {} satisfies Record<string, EndpointDef>;
