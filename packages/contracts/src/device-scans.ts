import { z } from 'zod';
import { ThreatLevelSchema } from './entities';
import { MAX_DEVICE_SCANS_PER_REQUEST } from './lite';

/**
 * On-device scanning (issue 20): a scan made in the browser keeps its message on the device. The
 * server is told only its verdict and when it was made, so that the dashboard's counts follow the
 * person across devices. Never the content, the sender or the channel.
 */


/** A device scan's id: made by the device (128 random bits in hex), so a resend stores nothing twice. */
export const DeviceScanIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'Expected 32 lowercase hex characters');

/** One verdict of a scan made on a device. */
export const DeviceScanVerdictSchema = z
  .object({
    id: DeviceScanIdSchema,
    threatLevel: ThreatLevelSchema,
    /** When the device made the scan (ISO 8601 with an offset). A time ahead of the server's clock is taken as now. */
    scannedAt: z.string().datetime({ offset: true }).refine((v) => Date.parse(v) >= 0, 'A time from 1970 on.'),
  })
  .strict();
/** One verdict of a scan made on a device. */
export type DeviceScanVerdict = z.infer<typeof DeviceScanVerdictSchema>;

/** `POST /api/device-scans` body: verdicts only (`strict`: a content or sender field is refused, never stored). */
export const SyncDeviceScansRequestSchema = z
  .object({ scans: z.array(DeviceScanVerdictSchema).min(1).max(MAX_DEVICE_SCANS_PER_REQUEST) })
  .strict();
/** `POST /api/device-scans` body. */
export type SyncDeviceScansRequest = z.infer<typeof SyncDeviceScansRequestSchema>;

/**
 * `POST /api/device-scans` answer. Every id sent is settled: `stored` new ones, `known` ones the
 * server had already (a resend), `skipped` ones it does not keep (older than the plan's history
 * window, or over the per-person cap). The device need not send any of them again.
 */
export const SyncDeviceScansResponseSchema = z.object({
  stored: z.number().int().nonnegative(),
  known: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
/** `POST /api/device-scans` answer. */
export type SyncDeviceScansResponse = z.infer<typeof SyncDeviceScansResponseSchema>;

/** `DELETE /api/device-scans/:id` path parameters. */
export const DeviceScanParamsSchema = z.object({ id: DeviceScanIdSchema });
