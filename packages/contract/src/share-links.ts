import { z } from 'zod';
import { dateSchema, text } from './common.js';

export const shareLinkSchema = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  /** true = the whole proof; false = the chosen routes and tours. */
  all: z.boolean(),
  routes: z.array(z.number().int()),
  tours: z.array(z.number().int()),
  expiresOn: z.string().nullable(),
  createdAt: z.string(),
  lastOpenedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** active / expired / revoked, as of today in the application time zone. */
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const createShareLinkSchema = z
  .strictObject({
    label: text().trim().max(100, 'Die Bezeichnung darf höchstens 100 Zeichen lang sein.').optional(),
    expiresOn: dateSchema.optional(),
    routes: z.array(z.number().int().positive()).max(5000).optional(),
    tours: z.array(z.number().int().positive()).max(1000).optional(),
  })
  .describe('Ohne Strecken und Touren: der ganze Nachweis.');
export type CreateShareLinkInput = z.input<typeof createShareLinkSchema>;

/** The answer of a creation: the only time the link (with its token) is shown. */
export const createdShareLinkSchema = shareLinkSchema.extend({
  url: z.string().describe('Die Adresse des Links; das Token wird nur dieses eine Mal gezeigt.'),
});
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

/** Public path of a share link's page; `/pdf` below it is the PDF. */
export const SHARE_PAGE_PREFIX = '/nachweis';
