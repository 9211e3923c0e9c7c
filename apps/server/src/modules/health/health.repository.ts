import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/** The health probe's SQL. */
export function createHealthRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}

/** The health repository. */
export type HealthRepository = ReturnType<typeof createHealthRepository>;
