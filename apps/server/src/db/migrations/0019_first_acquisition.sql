ALTER TABLE "routes" ADD COLUMN "first_acquisition" jsonb;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "acquired_on" date;--> statement-breakpoint
-- Issue 41 item 3 (docs/decisions/0063): a route can ask a first acquisition before it counts as known — `drives`
-- drives in each direction, `dark` of them in darkness, within `days` days (null: no limit). Every way counts for it;
-- only drives with a direction can. The day it was met is the first day on which the drives of the window ending
-- that day (the `days` days up to it) meet it; once met, the route is known by its drives as any other.
CREATE FUNCTION "route_acquired_on"(p_route integer, p_owner integer, p_rule jsonb) RETURNS date
LANGUAGE sql STABLE AS $$
  WITH d AS (
    SELECT ra."acquired_at", ra."direction", coalesce(ra."dark", false) AS "dark"
      FROM "route_activity_routes" rar
      JOIN "route_activities" ra ON ra."id" = rar."route_activity_id"
     WHERE rar."route_id" = p_route AND ra."owner_id" = p_owner AND ra."direction" IS NOT NULL
  )
  SELECT min(e."acquired_at")
    FROM (SELECT DISTINCT d."acquired_at" FROM d) e
   WHERE (SELECT count(*) FILTER (WHERE w."direction" = 'forward') >= (p_rule->>'drives')::integer
             AND count(*) FILTER (WHERE w."direction" = 'reverse') >= (p_rule->>'drives')::integer
             AND count(*) FILTER (WHERE w."direction" = 'forward' AND w."dark") >= (p_rule->>'dark')::integer
             AND count(*) FILTER (WHERE w."direction" = 'reverse' AND w."dark") >= (p_rule->>'dark')::integer
            FROM d w
           WHERE w."acquired_at" <= e."acquired_at"
             AND (p_rule->>'days' IS NULL OR w."acquired_at" > e."acquired_at" - (p_rule->>'days')::integer))
$$;
--> statement-breakpoint
-- A route's kept validity from its drives (migration 0018's rule of ways), and null while a first acquisition it asks
-- is not met ("in Ausbildung": not known).
CREATE FUNCTION "route_kept_validity"(p_route integer, p_owner integer, p_ways text[], p_rule jsonb,
                                      OUT last_driven date, OUT valid_until date, OUT acquired_on date)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  acquired_on := CASE WHEN p_rule IS NULL THEN NULL ELSE "route_acquired_on"(p_route, p_owner, p_rule) END;
  IF p_rule IS NOT NULL AND acquired_on IS NULL THEN
    RETURN;
  END IF;
  SELECT max(ra."acquired_at"), max(ra."acquired_until") INTO last_driven, valid_until
    FROM "route_activity_routes" rar
    JOIN "route_activities" ra ON ra."id" = rar."route_activity_id"
   WHERE rar."route_id" = p_route AND ra."owner_id" = p_owner AND ra."way" = ANY(p_ways);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_route_validity"(p_route_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "routes" r
     SET "last_driven" = v."last_driven", "valid_until" = v."valid_until", "acquired_on" = v."acquired_on"
    FROM (
      SELECT r2."id", k."last_driven", k."valid_until", k."acquired_on"
        FROM "routes" r2
        JOIN "users" u ON u."id" = r2."owner_id"
        CROSS JOIN LATERAL "route_kept_validity"(r2."id", r2."owner_id", coalesce(r2."keeping_ways", u."keeping_ways"),
                                                 r2."first_acquisition") k
       WHERE r2."id" = ANY(p_route_ids)
    ) v
   WHERE r."id" = v."id"
     AND (r."last_driven" IS DISTINCT FROM v."last_driven" OR r."valid_until" IS DISTINCT FROM v."valid_until"
       OR r."acquired_on" IS DISTINCT FROM v."acquired_on");
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "route_activity_routes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Routes that ask a first acquisition: from all their drives (whether it is met depends on every window).
    PERFORM "refresh_route_validity"(ARRAY(
      SELECT DISTINCT n."route_id" FROM new_rows n
       WHERE (SELECT r2."first_acquisition" IS NOT NULL FROM "routes" r2 WHERE r2."id" = n."route_id")));
    -- The others as in migrations 0014 and 0018: the later of the kept dates and those of the new links.
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
                                    WHERE r2."id" = n."route_id" AND r2."first_acquisition" IS NULL)::text[])
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
-- A drive's way, direction or darkness changed counts like a changed date.
CREATE OR REPLACE FUNCTION "route_activities_dates_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_route_validity"(ARRAY(
    SELECT DISTINCT rar."route_id"
      FROM new_rows n
      JOIN old_rows o ON o."id" = n."id"
      JOIN "route_activity_routes" rar ON rar."route_activity_id" = n."id"
     WHERE n."acquired_at" IS DISTINCT FROM o."acquired_at" OR n."acquired_until" IS DISTINCT FROM o."acquired_until"
        OR n."way" IS DISTINCT FROM o."way" OR n."direction" IS DISTINCT FROM o."direction"
        OR n."dark" IS DISTINCT FROM o."dark"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A route's own rules changed (its ways, its first acquisition): its validity in the same row update.
CREATE OR REPLACE FUNCTION "routes_keeping_ways_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."keeping_ways" IS DISTINCT FROM OLD."keeping_ways"
     OR NEW."first_acquisition" IS DISTINCT FROM OLD."first_acquisition" THEN
    SELECT k."last_driven", k."valid_until", k."acquired_on" INTO NEW."last_driven", NEW."valid_until", NEW."acquired_on"
      FROM "route_kept_validity"(NEW."id", NEW."owner_id",
             coalesce(NEW."keeping_ways", (SELECT u."keeping_ways" FROM "users" u WHERE u."id" = NEW."owner_id")),
             NEW."first_acquisition") k;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "routes_keeping_ways_changed" ON "routes";
--> statement-breakpoint
CREATE TRIGGER "routes_rules_changed" BEFORE UPDATE OF "keeping_ways", "first_acquisition" ON "routes"
  FOR EACH ROW EXECUTE FUNCTION "routes_keeping_ways_changed"();
