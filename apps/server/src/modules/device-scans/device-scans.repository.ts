import type { DeviceScanVerdict } from '@baitcheck/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { deviceScans, users } from '../../db/schema.ts';

/** All SQL of the verdicts of on-device scans. */
export function createDeviceScansRepository(db: Db) {
  return {
    /** Whether the user has an account (a guest's verdicts would have no one to follow). */
    async isAccount(userId: string): Promise<boolean> {
      if (userId === '') return false;
      const [row] = await db.select({ kind: users.kind }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.kind === 'account';
    },

    /** Which of `ids` the user already has. */
    async existing(userId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: deviceScans.id })
        .from(deviceScans)
        .where(and(eq(deviceScans.userId, userId), inArray(deviceScans.id, [...ids])));
      return new Set(rows.map((r) => r.id));
    },

    async countFor(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(deviceScans).where(eq(deviceScans.userId, userId));
      return row?.n ?? 0;
    },

    /** Stores the verdicts (a resend of an id stores nothing); answers how many were new. */
    async insert(userId: string, scans: readonly (Omit<DeviceScanVerdict, 'scannedAt'> & { scannedAt: Date })[]): Promise<number> {
      if (scans.length === 0) return 0;
      const rows = await db
        .insert(deviceScans)
        .values(scans.map((s) => ({ userId, id: s.id, threatLevel: s.threatLevel, scannedAt: s.scannedAt })))
        .onConflictDoNothing()
        .returning({ id: deviceScans.id });
      return rows.length;
    },

    /** Deletes the user's verdict `id`; answers whether there was one. */
    async delete(userId: string, id: string): Promise<boolean> {
      const gone = await db.delete(deviceScans).where(and(eq(deviceScans.userId, userId), eq(deviceScans.id, id))).returning({ id: deviceScans.id });
      return gone.length > 0;
    },
  };
}

/** The device scans repository. */
export type DeviceScansRepository = ReturnType<typeof createDeviceScansRepository>;
