import { z } from 'zod';
import { depotSchema } from './betriebe.js';
import { dateSchema, idSchema } from './common.js';
import { requirementSchema, requirementStationSchema } from './requirements.js';
import { stationCodeSchema } from './stations.js';

/**
 * "Wer kann fahren?" (issue 28 item 4): the Betrieb's drivers whose knowledge of one requirement or station pair is
 * valid on one day, by the matching rule of the matrix (matrix.ts), with the required vehicle types each one knows.
 */

export const whoCanDriveQuerySchema = z
  .object({
    requirement: idSchema.optional().describe('Id einer Anforderung des Betriebs'),
    from: stationCodeSchema.optional().describe('DS100-Kürzel (mit `to`, statt `requirement`; Richtung egal)'),
    to: stationCodeSchema.optional().describe('DS100-Kürzel; dasselbe wie `from` = Ortskunde dieser Betriebsstelle'),
    date: dateSchema.optional().describe('Tag, an dem gefahren wird (JJJJ-MM-TT); Standard: heute'),
    depot: idSchema.optional().describe('Nur Fahrer/innen dieses Depots'),
  })
  .superRefine((query, ctx) => {
    const pair = Boolean(query.from) || Boolean(query.to);
    if (query.requirement !== undefined && pair)
      ctx.addIssue({
        code: 'custom',
        path: ['requirement'],
        message: 'Bitte entweder eine Anforderung oder Start und Ende angeben.',
      });
    else if (query.requirement === undefined && !pair)
      ctx.addIssue({
        code: 'custom',
        path: ['requirement'],
        message: 'Bitte eine Anforderung oder Start und Ende angeben.',
      });
    else if (pair && !query.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Bitte den Start angeben.' });
    // `from` = `to` asks who knows the place (Ortskunde, issue 41 item 4).
    else if (pair && !query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Bitte das Ende angeben.' });
  });
export type WhoCanDriveQuery = z.input<typeof whoCanDriveQuerySchema>;

/** A required vehicle type the driver knows: their vehicle of that type. */
export const driverVehicleSchema = z.object({
  requirementId: z.number().int().describe('Id des geforderten Fahrzeugtyps'),
  vehicleType: z.string(),
  vehicle: z.object({ id: z.number().int(), name: z.string() }),
});

export const whoCanDriveDriverSchema = z.object({
  membershipId: z.number().int(),
  name: z.string(),
  depot: depotSchema.nullable(),
  route: z.object({
    id: z.number().int(),
    name: z.string(),
    validUntil: z.string().describe('Letzter gültiger Tag (JJJJ-MM-TT), nicht vor `date`'),
  }),
  vehicles: z.array(driverVehicleSchema).describe('Geforderte Fahrzeugtypen, die sie/er kennt'),
});
export type WhoCanDriveDriver = z.infer<typeof whoCanDriveDriverSchema>;

export const whoCanDriveSchema = z.object({
  date: z.string().describe('JJJJ-MM-TT'),
  requirement: requirementSchema.nullable().describe('Die gefragte Anforderung; null bei Start und Ende'),
  from: requirementStationSchema,
  to: requirementStationSchema,
  drivers: z.array(whoCanDriveDriverSchema).describe('Längste Gültigkeit zuerst, dann nach Namen'),
});
export type WhoCanDrive = z.infer<typeof whoCanDriveSchema>;
