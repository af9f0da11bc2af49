// Contracts of the accounts calls (SPEC.md §7).
import type { EndpointDef } from './common';

export const accountsEndpoints = {} satisfies Record<string, EndpointDef>;
