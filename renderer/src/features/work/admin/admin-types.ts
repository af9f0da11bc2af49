import type { z } from 'zod';
import type { editionSummary, work } from '@shared/api/catalogue';

export type AdminWork = z.infer<typeof work>;
export type AdminEdition = z.infer<typeof editionSummary>;
