import { z } from 'zod';

/** Answer of `GET /api/cronjob/internal/{apiKey}`: reports mailed in this run, and eligible users without one. */
export const cronjobResultSchema = z.object({
  sent: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type CronjobResult = z.infer<typeof cronjobResultSchema>;

/** Answer of `GET /api/settings/report`: how this installation sends weekly reports. */
export const reportSettingsSchema = z.object({
  /** Whether the operator configured an address for blind copies (`REPORT_BCC`). */
  bcc_configured: z.boolean(),
  /** That address, shown to the user who opts into copies; null when none is configured. */
  bcc_address: z.string().nullable(),
  /** When the weekly report goes out, e.g. 'Montags 06:00 (Europe/Berlin)'. */
  schedule: z.string(),
});
export type ReportSettings = z.infer<typeof reportSettingsSchema>;
