import { z } from 'zod';
import { iriSchema, requiredText } from './common.js';
import { LIMITS } from './limits.js';
import { TOUR_MIN_ROUTES } from './tour-status.js';

export { TOUR_MIN_ROUTES };

export const tourSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.string(),
  routes: z.array(z.string()),
});
export type Tour = z.infer<typeof tourSchema>;

const tourRoutes = z
  .array(iriSchema('routes'))
  .max(LIMITS.routesPerTour, `Eine Tour umfasst höchstens ${LIMITS.routesPerTour} Strecken.`)
  .refine((routes) => new Set(routes).size >= TOUR_MIN_ROUTES, {
    message: `Eine Tour braucht mindestens ${TOUR_MIN_ROUTES} Strecken.`,
  });

export const createTourSchema = z.strictObject({
  name: requiredText('Der Name der Tour'),
  routes: tourRoutes,
  owner: iriSchema('users').optional(),
});
export type CreateTourInput = z.input<typeof createTourSchema>;

export const updateTourSchema = z.strictObject({
  name: requiredText('Der Name der Tour').optional(),
  routes: tourRoutes.optional(),
  owner: iriSchema('users').optional(),
});

/** Item, create and merge-patch schema together, as the server's CRUD routes take them. */
export const tourSchemas = { item: tourSchema, create: createTourSchema, update: updateTourSchema };

export type UpdateTourInput = z.input<typeof updateTourSchema>;
