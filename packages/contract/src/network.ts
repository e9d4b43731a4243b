import { z } from 'zod';

/**
 * The rail network (issue 29): DB Netz's Geo-Streckennetz and Geo-Betriebsstellen (CC BY 4.0), imported by the
 * operator (`npm run network:import`) and served by the server. Without an import the app keeps drawing straight
 * lines between stations.
 */

/** The attribution the data's licence asks for wherever the data or anything derived from it is shown. */
export const RAIL_NETWORK_ATTRIBUTION =
  'Datenquelle: DB Netz AG – Geo-Streckennetz (Stand 2017) und Geo-Betriebsstellen (2020), Lizenz CC BY 4.0 ' +
  '(https://creativecommons.org/licenses/by/4.0/), verändert (vereinfacht)';

/** An operating point's DS100/RIL100 code as a query parameter. */
const pointCode = z
  .string()
  .trim()
  .min(1, 'Bitte ein Kürzel angeben.')
  .max(16, 'Ein Kürzel hat höchstens 16 Zeichen.')
  .transform((code) => code.toUpperCase());

export const networkPathQuerySchema = z.object({
  from: pointCode.describe('DS100-Kürzel des Startpunkts, z. B. „FF“'),
  to: pointCode.describe('DS100-Kürzel des Zielpunkts, z. B. „RM“'),
  via: pointCode.optional().describe('DS100-Kürzel eines Punkts, über den der Weg führen soll'),
});
export type NetworkPathQuery = z.infer<typeof networkPathQuerySchema>;

export const networkPointSchema = z.object({ code: z.string(), name: z.string() });
export type NetworkPoint = z.infer<typeof networkPointSchema>;

/** A stretch of the path on one line, with the km as DB counts them on that line (ascending or descending). */
export const lineSectionSchema = z.object({
  line: z.number().int().describe('Streckennummer (VzG), z. B. 4010'),
  fromKm: z.number(),
  toKm: z.number(),
});
export type LineSection = z.infer<typeof lineSectionSchema>;

export const networkPathSchema = z.object({
  /** The network's version (content hash of the import). */
  version: z.string(),
  from: networkPointSchema,
  to: networkPointSchema,
  via: networkPointSchema.optional(),
  /** Length along the tracks, in km (one decimal). */
  km: z.number(),
  sections: z.array(lineSectionSchema),
  /** The line numbers in the order the path runs over them. */
  lines: z.array(z.number().int()),
  /** The path's simplified geometry as `[lon, lat]` pairs. */
  geometry: z.array(z.tuple([z.number(), z.number()])),
});
export type NetworkPath = z.infer<typeof networkPathSchema>;

export const networkVersionSchema = z.object({
  /** The imported network's version, `null` when none has been imported. */
  version: z.string().nullable(),
  attribution: z.string(),
});
export type NetworkVersion = z.infer<typeof networkVersionSchema>;

/**
 * The whole simplified network for drawing (`GET /api/network/geometry?v=<version>`, docs/decisions/0052): compact,
 * integer and delta-encoded, so that it stays well under 0.6 MB gzipped for DB Netz's whole network. Coordinates are
 * in 10⁻⁵ degrees; km in metres (km × 1000). Edge `i` runs from node `from[i]` over its interior vertices to node
 * `to[i]` on line `line[i]` (0: a joint between loose line ends).
 */
const ints = z.array(z.number().int());
export const networkGeometrySchema = z.object({
  format: z.literal(1),
  version: z.string(),
  attribution: z.string(),
  /** lon, lat of the first node, then per node the difference to the node before. */
  nodes: ints,
  /** Per edge: its from node minus the previous edge's to node (0 for the first edge's predecessor). */
  from: ints,
  /** Per edge: its to node minus its from node. */
  to: ints,
  /** Per edge: its line number minus the previous edge's. */
  line: ints,
  /** Per edge: km × 1000 at its from end. */
  fromKm: ints,
  /** Per edge: km × 1000 at its to end minus at its from end. */
  toKm: ints,
  /** Per edge: its interior vertices, lon, lat each as the difference to the vertex before (the first: to the from node). */
  interior: z.array(ints),
  /** Operating points: `[DS100 code, name, kind (Bf, Hp, Abzw, …), node]`. */
  points: z.array(z.tuple([z.string(), z.string(), z.string(), z.number().int()])),
});
export type NetworkGeometry = z.infer<typeof networkGeometrySchema>;

export const networkGeometryQuerySchema = z.object({
  v: z.string().trim().min(1).max(64).describe('Version des Streckennetzes (aus `GET /api/network/version`)'),
});

export const LINE_NUMBER_MESSAGE = 'Eine Streckennummer ist eine ganze Zahl von 1 bis 99999.';

/**
 * A line number as a path segment (`GET /api/network/lines/4010/points`): 1–99999, digits without a leading zero.
 * Anything else parses to null, which the handler refuses with 400 (a malformed path, not a form's field: no 422).
 */
export const networkLineParamsSchema = z.object({
  line: z
    .string()
    .transform((segment) => (/^[1-9]\d{0,4}$/.test(segment) ? Number(segment) : null))
    .describe('Streckennummer (VzG), z. B. 4010'),
});

/** An operating point on one line, with its km on that line. */
export const networkLinePointSchema = z.object({
  code: z.string().describe('DS100-Kürzel, z. B. „FF“'),
  name: z.string(),
  /** Bf, Hp, Abzw, … as DB Netz writes it. */
  kind: z.string(),
  km: z.number(),
});
export type NetworkLinePoint = z.infer<typeof networkLinePointSchema>;

/** The operating points of one line in the order of their km, for choosing a section by line (issue 29 item 2). */
export const networkLinePointsSchema = z.object({
  version: z.string(),
  line: z.number().int(),
  /** The lowest and highest km of the line's tracks on the network. */
  fromKm: z.number(),
  toKm: z.number(),
  points: z.array(networkLinePointSchema),
});
export type NetworkLinePoints = z.infer<typeof networkLinePointsSchema>;
