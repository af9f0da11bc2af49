// DELETE /admin/users/{id}: for the service role key only (server-side tools), never for a user's token.
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { bearerToken } from '../http/caller';
import { noAuthorization, notAdmin, userNotFound, validationFailed } from './auth-error';
import { deleteUserBody, readBody } from './auth-bodies';
import { deleteUserAccount } from './delete-user';
import { fileStoreFor } from '../storage/file-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function mountAdminRoutes(router: Hono, deps: AppDeps): void {
  router.delete('/admin/users/:id', async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw noAuthorization();
    const claims = await deps.keys.verify(token);
    if (claims?.role !== 'service_role') throw notAdmin();
    const id = c.req.param('id');
    if (!UUID.test(id)) throw validationFailed('user_id must be an UUID');
    await readBody(c, deleteUserBody);
    if (!(await deleteUserAccount(deps.db, fileStoreFor(deps), id))) throw userNotFound();
    return c.json({});
  });
}
