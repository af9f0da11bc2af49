// Contracts of the admin calls (SPEC.md §7).
import type { EndpointDef } from './common';

export const adminEndpoints = {} satisfies Record<string, EndpointDef>;
