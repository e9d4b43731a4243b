import { z } from 'zod';
import { dateSchema, iriSchema } from './common.js';

export const routeActivitySchema = z.object({
  id: z.number().int(),
  acquiredAt: z.string(),
  acquiredUntil: z.string(),
  owner: z.string(),
  acquiredRoutes: z.array(z.string()),
  vehicleActivities: z.array(z.string()),
});
export type RouteActivity = z.infer<typeof routeActivitySchema>;

const acquiredRoutes = z.array(iriSchema('routes')).min(1, 'Mindestens eine Strecke auswählen.').max(5000);

export const createRouteActivitySchema = z.strictObject({
  acquiredAt: dateSchema,
  acquiredUntil: dateSchema.optional(),
  owner: iriSchema('users').optional(),
  acquiredRoutes,
});
export type CreateRouteActivityInput = z.input<typeof createRouteActivitySchema>;

export const updateRouteActivitySchema = z.strictObject({
  acquiredAt: dateSchema.optional(),
  acquiredUntil: dateSchema.optional(),
  owner: iriSchema('users').optional(),
  acquiredRoutes: acquiredRoutes.optional(),
});
export type UpdateRouteActivityInput = z.input<typeof updateRouteActivitySchema>;
