import { z } from 'zod';
import { betriebRoleSchema, depotSchema } from './betriebe.js';
import { DRIVE_DIRECTIONS, driveWaySchema } from './drive-ways.js';
import { firstAcquisitionSchema } from './first-acquisition.js';
import { MATRIX_STATES } from './matrix.js';
import { REQUIREMENT_MATCH_KINDS, requirementSchema } from './requirements.js';

/*
 * One driver of a Betrieb as its admins and Disponenten see them (issue 38 item 13): exactly what the consent
 * (betrieb-consent.ts, `CONSENT_TEXTS[1].shared`) lists — name, role, depot; routes with name, Kürzel, start, end;
 * drives with "Gefahren am", "Gültig bis" and "Erfasst am"; vehicles and the drives they were used on; the validity
 * and the validity rules — and the Betrieb's own requirements with how the driver meets them. Nothing else: no
 * e-mail address, no settings, no tours, no places, no share links.
 */

/** Drives the page shows, latest first; `drivesTotal` says how many there are. */
export const BETRIEB_DRIVER_DRIVES_SHOWN = 50;

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

export const betriebDriverRouteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  companyRoute: z.string().nullable().describe('Kürzel'),
  startPoint: z.string(),
  endPoint: z.string(),
  validUntil: z.string().nullable().describe('Gültig bis (JJJJ-MM-TT); null = nie gefahren'),
  validityRule: z.string().describe('Gültigkeitsregel in Kraft, z. B. „1 Jahr (364 Tage)“'),
  acquisition: z
    .object({
      rule: firstAcquisitionSchema,
      acquiredOn: z.string().nullable().describe('Erfüllt am (JJJJ-MM-TT); null = noch in Ausbildung'),
      progress: z
        .array(
          z.object({
            direction: z.enum(DRIVE_DIRECTIONS).nullable().describe('null: eine Ortskunde (alle Fahrten zählen)'),
            drives: z.number().int(),
            dark: z.number().int(),
          }),
        )
        .describe('Je Richtung die zählenden Fahrten und davon bei Dunkelheit (heute)'),
    })
    .nullable()
    .optional()
    .describe('Erstausbildung der Strecke (ab Fassung 2 der Einwilligung; fehlt bei Fassung 1); null = keine verlangt'),
});

export const betriebDriverDriveSchema = z.object({
  id: z.number().int(),
  drivenOn: z.string().describe('Gefahren am (JJJJ-MM-TT)'),
  validUntil: z.string().describe('Gültig bis (JJJJ-MM-TT)'),
  recordedAt: z.string().nullable().describe('Erfasst am (Zeitpunkt); null = erfasst, bevor das festgehalten wurde'),
  backdated: z.boolean().describe('„nachgetragen“: mehr als 7 Tage nach der Fahrt erfasst (isBackdated)'),
  routes: z.array(namedSchema).describe('Die gefahrenen Strecken'),
  vehicles: z.array(namedSchema).describe('Die Fahrzeuge, mit denen gefahren wurde'),
  // How the drive was made (issue 41): from version 2 of the consent on; absent for a member under version 1.
  way: driveWaySchema.optional().describe('Wie die Fahrt gemacht wurde (ab Fassung 2 der Einwilligung)'),
  time: z.string().nullable().optional().describe('Uhrzeit (HH:MM); null = keine angegeben'),
  direction: z.enum(DRIVE_DIRECTIONS).nullable().optional().describe('Richtung; null = keine angegeben'),
  dark: z.boolean().nullable().optional().describe('Bei Dunkelheit (berechnet); null = unbekannt'),
});

export const betriebDriverVehicleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  validityRule: z.string().describe('Gültigkeitsregel in Kraft'),
  lastDriven: z.string().nullable().describe('Letzte Fahrt mit dem Fahrzeug (JJJJ-MM-TT); null = nie'),
  drives: z.number().int().describe('Auf wie vielen Fahrten das Fahrzeug gefahren wurde (welche: `drives[].vehicles`)'),
});

export const betriebDriverRequirementSchema = z.object({
  requirement: requirementSchema,
  state: z.enum(MATRIX_STATES).describe('Zustand heute, wie in der Matrix'),
  validUntil: z.string().nullable(),
  route: namedSchema.nullable().describe('Die Strecke, die die Anforderung erfüllt (die am längsten gültige)'),
  kind: z.enum(REQUIREMENT_MATCH_KINDS).nullable(),
});

export const betriebDriverSchema = z.object({
  membershipId: z.number().int(),
  name: z.string().describe('Vor- und Nachname'),
  role: betriebRoleSchema,
  depot: depotSchema.nullable(),
  asOf: z.string().describe('Stichtag der Zustände (heute)'),
  routes: z.array(betriebDriverRouteSchema).describe('Alle Strecken, nach Name'),
  drives: z
    .array(betriebDriverDriveSchema)
    .describe(`Die letzten ${BETRIEB_DRIVER_DRIVES_SHOWN} Fahrten, die jüngste zuerst`),
  drivesTotal: z.number().int().describe('Wie viele Fahrten es insgesamt gibt'),
  vehicles: z.array(betriebDriverVehicleSchema).describe('Alle Fahrzeuge, nach Name'),
  requirements: z
    .array(betriebDriverRequirementSchema)
    .describe('Die Anforderungen, die für die Fahrerin/den Fahrer gelten (ganzer Betrieb und eigenes Depot)'),
});
export type BetriebDriver = z.infer<typeof betriebDriverSchema>;
export type BetriebDriverDrive = z.infer<typeof betriebDriverDriveSchema>;

/**
 * Each field of the driver's record the answer holds, by the consent line (`CONSENT_TEXTS[version].shared[i]`) that
 * shares it, for each version of the consent: a member is shown by the version they agreed to. Ids, `asOf`,
 * `drivesTotal` and the requirements are the Betrieb's own or follow from these; a test holds the answer's fields to
 * this list and the list to the consent.
 */
export const BETRIEB_DRIVER_FIELDS_BY_CONSENT: Readonly<Record<1 | 2, readonly (readonly string[])[]>> = {
  1: [
    ['name', 'role', 'depot'],
    ['routes.name', 'routes.companyRoute', 'routes.startPoint', 'routes.endPoint'],
    ['drives.drivenOn', 'drives.validUntil', 'drives.recordedAt', 'drives.backdated', 'drives.routes'],
    ['vehicles.name', 'vehicles.lastDriven', 'vehicles.drives', 'drives.vehicles'],
    ['routes.validUntil', 'routes.validityRule', 'vehicles.validityRule'],
  ],
  2: [
    ['name', 'role', 'depot'],
    ['routes.name', 'routes.companyRoute', 'routes.startPoint', 'routes.endPoint'],
    ['drives.drivenOn', 'drives.validUntil', 'drives.recordedAt', 'drives.backdated', 'drives.routes'],
    ['drives.way', 'drives.time', 'drives.direction', 'drives.dark'],
    ['routes.acquisition'],
    ['vehicles.name', 'vehicles.lastDriven', 'vehicles.drives', 'drives.vehicles'],
    ['routes.validUntil', 'routes.validityRule', 'vehicles.validityRule'],
    // Attestations of earlier Betriebe: not on this page, but in the Betrieb's list of attestations.
    [],
  ],
};
