import type { importsEndpoints } from '@shared/api/imports';
import type { AreaHandlers } from '../../http/handler-context';
import { exportLibrary } from './export-library';
import { importStatus, listImports } from './import-queries';
import { retryFailedRows } from './retry-rows';
import { startImport } from './start-import';
import { undoImport } from './undo-import';

export const importsHandlers = {
  async 'import-library'(input, { deps, user }) {
    return startImport(deps, user.userId, input);
  },

  async 'import-status'(input, { deps, user }) {
    return importStatus(deps.db, user.userId, input);
  },

  async 'list-imports'(input, { deps, user }) {
    return listImports(deps.db, user.userId, input);
  },

  async 'undo-import'({ import_id }, { deps, user }) {
    await undoImport(deps.db, user.userId, import_id);
    return { ok: true };
  },

  async 'retry-import-rows'({ import_id }, { deps, user }) {
    return retryFailedRows(deps, user.userId, import_id);
  },

  async 'export-library'({ format }, { deps, user }) {
    return exportLibrary(deps.db, user.userId, format, new Date());
  },
} satisfies AreaHandlers<typeof importsEndpoints>;
