import { z } from 'zod';
import { SubscriptionSchema } from './billing';
import { BlockedSenderSchema, MessageSchema, ProtectionSettingsSchema, ReportSchema, ThreatLevelSchema } from './entities';
import { CurrentUserSchema, NotificationPreferencesSchema } from './requests';

/**
 * 'Download my data' (issue 21, `GET /api/account/export`): everything the server keeps of the
 * visitor, as one JSON document they can read, keep or take elsewhere. The history is whole (every
 * stored scan, with its content and findings), newest first; on-device scans only as the verdicts
 * the device told the server (their messages never left it).
 */
export const MY_DATA_FORMAT = 'baitcheck-my-data-1';

export const MyDataExportSchema = z.object({
  format: z.literal(MY_DATA_FORMAT),
  exportedAt: z.string(),
  account: CurrentUserSchema,
  subscription: SubscriptionSchema,
  notificationPreferences: NotificationPreferencesSchema,
  protectionSettings: ProtectionSettingsSchema,
  blockedSenders: z.array(BlockedSenderSchema),
  reports: z.array(ReportSchema),
  deviceScanVerdicts: z.array(z.object({ id: z.string(), threatLevel: ThreatLevelSchema, scannedAt: z.string() })),
  history: z.array(MessageSchema),
});
/** The 'Download my data' document. */
export type MyDataExport = z.infer<typeof MyDataExportSchema>;
