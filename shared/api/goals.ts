// Contracts of the goals calls (SPEC.md §7).
import type { EndpointDef } from './common';

export const goalsEndpoints = {} satisfies Record<string, EndpointDef>;
