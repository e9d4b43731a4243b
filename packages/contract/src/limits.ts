/**
 * One set of limits for the API, the CSV import and the backup format (issue 24): whatever one of them accepts, the
 * others accept too, so an account built through any of them can always be backed up and restored into a new
 * account. The server checks each limit where a record is written; the backup schema and the CSV import check the
 * same numbers before anything is written.
 */
export const LIMITS = {
  /** Characters of a name (route, tour, vehicle). */
  nameLength: 255,
  /** Characters of a route's start, end and company code (Kürzel). */
  pointLength: 64,
  /** Routes one drive (route activity) covers. */
  routesPerDrive: 1000,
  /** Vehicles of one vehicle activity (the vehicles of one drive). */
  vehiclesPerDrive: 100,
  /** Routes of one tour. */
  routesPerTour: 1000,
  /** Records one account can hold, per kind. */
  routesPerAccount: 5_000,
  toursPerAccount: 1_000,
  vehiclesPerAccount: 1_000,
  drivesPerAccount: 50_000,
  vehicleActivitiesPerAccount: 50_000,
  /** Links one account can hold in all: routes of its drives, vehicles of its vehicle activities, routes of its tours. */
  driveRoutesPerAccount: 200_000,
  driveVehiclesPerAccount: 100_000,
  tourRoutesPerAccount: 50_000,
  /** Data lines of one CSV file (header and blank lines not counted). */
  importLines: 20_000,
  /** Required route knowledge one Betrieb can list, over all its depots (issue 28). */
  requirementsPerBetrieb: 2_000,
  /** Required vehicle types one Betrieb can list, over all its depots. */
  vehicleRequirementsPerBetrieb: 500,
} as const;

/**
 * Largest backup document a restore takes: a full account at every limit above (names of full length) is about
 * 15 MB of JSON, so any backup the server writes can be restored.
 */
export const BACKUP_MAX_BYTES = 24 * 1024 * 1024;

export type LimitName = keyof typeof LIMITS;
