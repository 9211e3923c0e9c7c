import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type NotificationPreferencesPatch } from '@baitcheck/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { notificationPreferences as table } from '../../db/schema.ts';

type Row = typeof table.$inferSelect;

const COLUMN_OF_TYPE = { phishing_alerts: 'phishingAlerts', security_updates: 'securityUpdates', suspicious_content: 'suspiciousContent', tips_and_education: 'tipsAndEducation' } as const;

/** A stored row as the API answers it (the alerts' audience query reads the same row). */
export function toPreferences(row: Row): NotificationPreferences {
  return {
    types: { phishing_alerts: row.phishingAlerts, security_updates: row.securityUpdates, suspicious_content: row.suspiciousContent, tips_and_education: row.tipsAndEducation },
    channels: { push: row.push, email: row.email, sms: row.sms },
    sensitivity: row.sensitivity,
  };
}

/** The columns a patch names. */
function columnsOf(patch: NotificationPreferencesPatch): Partial<Omit<Row, 'userId' | 'updatedAt'>> {
  const out: Partial<Omit<Row, 'userId' | 'updatedAt'>> = {};
  for (const [type, on] of Object.entries(patch.types ?? {})) if (on !== undefined) out[COLUMN_OF_TYPE[type as keyof typeof COLUMN_OF_TYPE]] = on;
  for (const [channel, on] of Object.entries(patch.channels ?? {})) if (on !== undefined) out[channel as 'push' | 'email' | 'sms'] = on;
  if (patch.sensitivity !== undefined) out.sensitivity = patch.sensitivity;
  return out;
}

/** All SQL of notification preferences. */
export function createNotificationPreferencesRepository(db: Db) {
  return {
    async find(userId: string): Promise<NotificationPreferences> {
      const [row] = await db.select().from(table).where(eq(table.userId, userId)).limit(1);
      return row ? toPreferences(row) : DEFAULT_NOTIFICATION_PREFERENCES;
    },

    /** Writes only the named preferences (two tabs changing different ones do not undo each other). */
    async update(userId: string, patch: NotificationPreferencesPatch): Promise<NotificationPreferences> {
      const d = DEFAULT_NOTIFICATION_PREFERENCES;
      const defaults = {
        phishingAlerts: d.types.phishing_alerts,
        securityUpdates: d.types.security_updates,
        suspiciousContent: d.types.suspicious_content,
        tipsAndEducation: d.types.tips_and_education,
        ...d.channels,
        sensitivity: d.sensitivity,
      };
      const changed = columnsOf(patch);
      const now = new Date();
      const [row] = await db
        .insert(table)
        .values({ userId, ...defaults, ...changed, updatedAt: now })
        .onConflictDoUpdate({ target: table.userId, set: { ...changed, updatedAt: now } })
        .returning();
      if (!row) throw new Error('upsert into notification_preferences returned no row');
      return toPreferences(row);
    },
  };
}

/** The notification preferences repository. */
export type NotificationPreferencesRepository = ReturnType<typeof createNotificationPreferencesRepository>;
