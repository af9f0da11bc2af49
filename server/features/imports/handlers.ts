import type { importsEndpoints } from '@shared/api/imports';
import type { AreaHandlers } from '../../http/sf-router';
import { ApiError } from '../../http/errors';

// Transitional: the contract is published first so the /import page can be built against it; the worker
// and these handlers land next, replacing this refusal.
const notYet = () => new ApiError(501, 'not_implemented', 'Import and export are being built.');

export const importsHandlers = {
  async 'import-library'() {
    throw notYet();
  },
  async 'import-status'() {
    throw notYet();
  },
  async 'list-imports'() {
    throw notYet();
  },
  async 'undo-import'() {
    throw notYet();
  },
  async 'retry-import-rows'() {
    throw notYet();
  },
  async 'export-library'() {
    throw notYet();
  },
} satisfies AreaHandlers<typeof importsEndpoints>;
