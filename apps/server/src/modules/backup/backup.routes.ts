import type { FastifyInstance } from 'fastify';
import { BACKUP_ROUTE, dumpPglite, pgliteClientOf } from '../../db/dump.ts';
import type { Database } from '../../db/database.ts';
import { requireAdmin } from '../../lib/admin-token.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * `GET /api/admin/backup`: a plain-SQL dump of the embedded database, asked by `npm run backup`
 * on the server machine (the embedded database admits one process, so the tool goes through the
 * running server). Requests wait while the dump runs. A PostgreSQL server has its own pg_dump.
 */
export function registerBackupRoutes(app: FastifyInstance, database: Database, adminToken: string | undefined): void {
  app.get(BACKUP_ROUTE, { config: { session: false } }, async (request, reply) => {
    requireAdmin(request, adminToken);
    const client = pgliteClientOf(database);
    if (client === null) throw new AppError('NOT_FOUND', 'This server keeps its data in PostgreSQL (DATABASE_URL): back it up with pg_dump.');
    const dump = await dumpPglite(client);
    return reply.type('application/sql; charset=utf-8').header('cache-control', 'no-store').send(dump);
  });
}
