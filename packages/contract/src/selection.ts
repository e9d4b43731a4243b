import { z } from 'zod';
import { text } from './common.js';

/** The documentation selection as sent to the export calls; all empty = every route. */
export const selectionSchema = z.strictObject({
  routes: z.array(z.number().int().positive()).max(5000).optional(),
  tours: z.array(z.number().int().positive()).max(1000).optional(),
  vehicles: z.array(z.number().int().positive()).max(1000).optional(),
  places: z
    .array(text().trim().min(1, 'Ein Ort darf nicht leer sein.').max(64, 'Ein Ort hat höchstens 64 Zeichen.'))
    .max(1000)
    .optional(),
});
export type Selection = z.infer<typeof selectionSchema>;
