import { z } from 'zod';
import { iriSchema } from './common.js';
import { LIMITS } from './limits.js';

export const vehicleActivitySchema = z.object({
  id: z.number().int(),
  acquiredVehicles: z.array(z.string()),
  owner: z.string(),
  routeActivity: z.string(),
});
export type VehicleActivity = z.infer<typeof vehicleActivitySchema>;

const acquiredVehicles = z
  .array(iriSchema('vehicles'))
  .min(1, 'Mindestens ein Fahrzeug auswählen.')
  .max(LIMITS.vehiclesPerDrive, `Zu einer Fahrt gehören höchstens ${LIMITS.vehiclesPerDrive} Fahrzeuge.`);

export const createVehicleActivitySchema = z.strictObject({
  acquiredVehicles,
  owner: iriSchema('users').optional(),
  routeActivity: iriSchema('route_activities'),
});
export type CreateVehicleActivityInput = z.input<typeof createVehicleActivitySchema>;

export const updateVehicleActivitySchema = z.strictObject({
  acquiredVehicles: acquiredVehicles.optional(),
  owner: iriSchema('users').optional(),
  routeActivity: iriSchema('route_activities').optional(),
});

/** Item, create and merge-patch schema together, as the server's CRUD routes take them. */
export const vehicleActivitySchemas = {
  item: vehicleActivitySchema,
  create: createVehicleActivitySchema,
  update: updateVehicleActivitySchema,
};

export type UpdateVehicleActivityInput = z.input<typeof updateVehicleActivitySchema>;
