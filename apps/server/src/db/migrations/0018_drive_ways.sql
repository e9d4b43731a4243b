ALTER TABLE "route_activities" ADD COLUMN "way" text DEFAULT 'driven' NOT NULL;--> statement-breakpoint
ALTER TABLE "route_activities" ADD COLUMN "drive_time" text;--> statement-breakpoint
ALTER TABLE "route_activities" ADD COLUMN "direction" text;--> statement-breakpoint
ALTER TABLE "route_activities" ADD COLUMN "dark" boolean;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "keeping_ways" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "keeping_ways" text[] DEFAULT ARRAY['driven', 'escorted']::text[] NOT NULL;--> statement-breakpoint
-- Issue 41 (docs/decisions/0063): how each drive was made. Only the ways of the route's rule (else the account's)
-- keep a route's knowledge valid: its "last driven" and "valid until" are the latest dates of those drives alone.
-- Every drive stored before this is "driven", which every rule's default keeps, so no route changes here.
ALTER TABLE "route_activities" ADD CONSTRAINT "route_activities_way_check"
  CHECK ("way" IN ('driven', 'escorted', 'cab_ride', 'route_film', 'simulator', 'line_walk'));--> statement-breakpoint
ALTER TABLE "route_activities" ADD CONSTRAINT "route_activities_direction_check"
  CHECK ("direction" IN ('forward', 'reverse'));--> statement-breakpoint
ALTER TABLE "route_activities" ADD CONSTRAINT "route_activities_drive_time_check"
  CHECK ("drive_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_route_validity"(p_route_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "routes" r
     SET "last_driven" = v."last_driven", "valid_until" = v."valid_until"
    FROM (
      SELECT r2."id", d."last_driven", d."valid_until"
        FROM "routes" r2
        JOIN "users" u ON u."id" = r2."owner_id"
        CROSS JOIN LATERAL (
          SELECT max(ra."acquired_at") AS "last_driven", max(ra."acquired_until") AS "valid_until"
            FROM "route_activity_routes" rar
            JOIN "route_activities" ra ON ra."id" = rar."route_activity_id"
           WHERE rar."route_id" = r2."id" AND ra."owner_id" = r2."owner_id"
             AND ra."way" = ANY(coalesce(r2."keeping_ways", u."keeping_ways"))
        ) d
       WHERE r2."id" = ANY(p_route_ids)
    ) v
   WHERE r."id" = v."id"
     AND (r."last_driven" IS DISTINCT FROM v."last_driven" OR r."valid_until" IS DISTINCT FROM v."valid_until");
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "route_activity_routes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- As in migration 0014, each new link looks up its drive, its route and the route's owner by primary key; a
    -- drive made in a way the rule does not keep changes nothing.
    UPDATE "routes" r
       SET "last_driven" = GREATEST(r."last_driven", v."last_driven"),
           "valid_until" = GREATEST(r."valid_until", v."valid_until")
      FROM (
        SELECT n."route_id", max(d."acquired_at") AS "last_driven", max(d."acquired_until") AS "valid_until"
          FROM new_rows n
          CROSS JOIN LATERAL (
            -- Scalar subqueries by primary key, not joins: the planner must not turn them into a scan of the
            -- drives or routes joined to the transition table (quadratic on a restore, whose statistics are stale).
            SELECT ra."acquired_at", ra."acquired_until"
              FROM "route_activities" ra
             WHERE ra."id" = n."route_activity_id"
               AND ra."owner_id" = (SELECT r2."owner_id" FROM "routes" r2 WHERE r2."id" = n."route_id")
               AND ra."way" = ANY((SELECT coalesce(r2."keeping_ways", u."keeping_ways")
                                     FROM "routes" r2 JOIN "users" u ON u."id" = r2."owner_id"
                                    WHERE r2."id" = n."route_id")::text[])
          ) d
         GROUP BY n."route_id"
      ) v
     WHERE r."id" = v."route_id"
       AND (r."last_driven" IS DISTINCT FROM GREATEST(r."last_driven", v."last_driven")
         OR r."valid_until" IS DISTINCT FROM GREATEST(r."valid_until", v."valid_until"));
  ELSE
    PERFORM "refresh_route_validity"(ARRAY(SELECT DISTINCT "route_id" FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A drive's way changed counts like a changed date.
CREATE OR REPLACE FUNCTION "route_activities_dates_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_route_validity"(ARRAY(
    SELECT DISTINCT rar."route_id"
      FROM new_rows n
      JOIN old_rows o ON o."id" = n."id"
      JOIN "route_activity_routes" rar ON rar."route_activity_id" = n."id"
     WHERE n."acquired_at" IS DISTINCT FROM o."acquired_at" OR n."acquired_until" IS DISTINCT FROM o."acquired_until"
        OR n."way" IS DISTINCT FROM o."way"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A route's own rule changed: its validity from the drives that rule keeps, in the same row update (the coverage
-- triggers of migration 0011 then see the new "valid until").
CREATE FUNCTION "routes_keeping_ways_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."keeping_ways" IS DISTINCT FROM OLD."keeping_ways" THEN
    SELECT max(ra."acquired_at"), max(ra."acquired_until") INTO NEW."last_driven", NEW."valid_until"
      FROM "route_activity_routes" rar
      JOIN "route_activities" ra ON ra."id" = rar."route_activity_id"
     WHERE rar."route_id" = NEW."id" AND ra."owner_id" = NEW."owner_id"
       AND ra."way" = ANY(coalesce(NEW."keeping_ways", (SELECT u."keeping_ways" FROM "users" u WHERE u."id" = NEW."owner_id")));
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "routes_keeping_ways_changed" BEFORE UPDATE OF "keeping_ways" ON "routes"
  FOR EACH ROW EXECUTE FUNCTION "routes_keeping_ways_changed"();
--> statement-breakpoint
-- The account's rule changed: every route that follows it.
CREATE FUNCTION "users_keeping_ways_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."keeping_ways" IS DISTINCT FROM OLD."keeping_ways" THEN
    PERFORM "refresh_route_validity"(ARRAY(
      SELECT r."id" FROM "routes" r WHERE r."owner_id" = NEW."id" AND r."keeping_ways" IS NULL));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_keeping_ways_changed" AFTER UPDATE OF "keeping_ways" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_keeping_ways_changed"();
