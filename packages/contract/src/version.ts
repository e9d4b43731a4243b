import { z } from 'zod';

export const changelogEntrySchema = z.object({
  version: z.string(),
  date: z.string().nullable(),
  prerelease: z.boolean(),
  changes: z.array(z.string()),
});
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;

export const versionSchema = z.object({ version: z.string() });
export type VersionInfo = z.infer<typeof versionSchema>;

/** The newest release; `null` while the changelog has none (only Unreleased or prereleases). */
export const releaseVersionSchema = z.object({ version: z.string().nullable() });
