// Contracts of the profiles calls (SPEC.md §7).
import type { EndpointDef } from './common';

export const profilesEndpoints = {} satisfies Record<string, EndpointDef>;
