import { z } from 'zod';
import { iriSchema, requiredText } from './common.js';

export const vehicleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const createVehicleSchema = z.strictObject({
  name: requiredText('Der Name des Fahrzeugs'),
  owner: iriSchema('users').optional(),
});
export type CreateVehicleInput = z.input<typeof createVehicleSchema>;

export const updateVehicleSchema = z.strictObject({
  name: requiredText('Der Name des Fahrzeugs').optional(),
  owner: iriSchema('users').optional(),
});
export type UpdateVehicleInput = z.input<typeof updateVehicleSchema>;
