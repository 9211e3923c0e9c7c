import type { ProtectionSettings, ProtectionSettingsPatch } from '@baitcheck/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { protectionSettings } from '../../db/schema.ts';

const columns = {
  smsProtection: protectionSettings.smsProtection,
  emailProtection: protectionSettings.emailProtection,
  socialMediaProtection: protectionSettings.socialMediaProtection,
  onDeviceScanning: protectionSettings.onDeviceScanning,
};

/** All SQL of the protection switches. */
export function createProtectionSettingsRepository(db: Db) {
  return {
    async find(userId: string): Promise<ProtectionSettings | undefined> {
      const [row] = await db.select(columns).from(protectionSettings).where(eq(protectionSettings.userId, userId)).limit(1);
      return row;
    },

    /**
     * Writes only the changed switches in one statement: a first change inserts the defaults
     * merged with the patch; later ones update just the named columns, so two tabs each
     * flipping a different switch do not undo each other.
     */
    async upsert(userId: string, patch: ProtectionSettingsPatch, defaults: ProtectionSettings): Promise<ProtectionSettings> {
      const now = new Date();
      const [row] = await db
        .insert(protectionSettings)
        .values({ userId, ...defaults, ...patch, updatedAt: now })
        .onConflictDoUpdate({ target: protectionSettings.userId, set: { ...patch, updatedAt: now } })
        .returning(columns);
      if (!row) throw new Error('upsert into protection_settings returned no row');
      return row;
    },
  };
}

/** The protection settings repository. */
export type ProtectionSettingsRepository = ReturnType<typeof createProtectionSettingsRepository>;
