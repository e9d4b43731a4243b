import { z } from 'zod';
import { iriSchema, requiredText } from './common.js';
import { validityDaysSchema } from './notifications.js';

export const vehicleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.string(),
  /** The vehicle's own validity rule in days; null = the account's default (which may be "no expiry"). */
  validityDays: z.number().int().nullable(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const createVehicleSchema = z.strictObject({
  name: requiredText('Der Name des Fahrzeugs'),
  owner: iriSchema('users').optional(),
  validityDays: validityDaysSchema.nullable().optional(),
});
export type CreateVehicleInput = z.input<typeof createVehicleSchema>;

export const updateVehicleSchema = z.strictObject({
  name: requiredText('Der Name des Fahrzeugs').optional(),
  owner: iriSchema('users').optional(),
  validityDays: validityDaysSchema.nullable().optional(),
});

/** Item, create and merge-patch schema together, as the server's CRUD routes take them. */
export const vehicleSchemas = { item: vehicleSchema, create: createVehicleSchema, update: updateVehicleSchema };

export type UpdateVehicleInput = z.input<typeof updateVehicleSchema>;
