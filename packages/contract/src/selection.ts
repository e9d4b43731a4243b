import { z } from 'zod';

/** The documentation selection as sent to the export calls; all empty = every route. */
export const selectionSchema = z.strictObject({
  routes: z.array(z.number().int().positive()).max(5000).optional(),
  tours: z.array(z.number().int().positive()).max(1000).optional(),
  vehicles: z.array(z.number().int().positive()).max(1000).optional(),
  places: z.array(z.string().trim().min(1).max(64)).max(1000).optional(),
});
export type Selection = z.infer<typeof selectionSchema>;
