ALTER TABLE "routes" ADD COLUMN "start_station" text;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "end_station" text;--> statement-breakpoint
-- Existing routes whose start or end text equals a station's name or DS100 code exactly are linked once at start-up
-- (modules/stations/stations.repository.ts, marker `stations_linked` in settings): the station list comes from the
-- pinned db-stations package in memory, not from a table, so this migration cannot see it.
COMMENT ON COLUMN "routes"."start_station" IS 'DS100/RIL100 code of the chosen station (db-stations), null = free text';
