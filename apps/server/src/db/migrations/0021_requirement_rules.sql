ALTER TABLE "betrieb_requirements" ADD COLUMN "keeping_ways" text[];--> statement-breakpoint
ALTER TABLE "betrieb_requirements" ADD COLUMN "first_acquisition" jsonb;--> statement-breakpoint
ALTER TABLE "requirement_coverage" ADD COLUMN "training" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "betrieb_requirements" ADD CONSTRAINT "betrieb_requirements_keeping_ways_check"
  CHECK ("keeping_ways" IS NULL OR (cardinality("keeping_ways") > 0
    AND "keeping_ways" <@ ARRAY['driven', 'escorted', 'cab_ride', 'route_film', 'simulator', 'line_walk']::text[]));--> statement-breakpoint
-- Issue 41 items 2 and 3 for the Betrieb (docs/decisions/0066): a requirement may state its own rule of which ways keep
-- its knowledge valid and its own first acquisition. A driver's route meets it as before (pair, section, Kürzel, by
-- hand), but its validity for the requirement follows the requirement's rules where it has them: the route's kept
-- validity (migration 0019) with the requirement's ways (else the route's, else the account's) and the requirement's
-- first acquisition (else the route's own). `training`: a first acquisition asked and not yet met.
CREATE FUNCTION "requirement_kept_validity"(p_route integer, p_ways text[], p_rule jsonb,
                                            OUT valid_until date, OUT training boolean)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  k record;
  rule jsonb;
BEGIN
  SELECT coalesce(p_rule, r."first_acquisition") INTO rule FROM "routes" r WHERE r."id" = p_route;
  SELECT v."valid_until", v."acquired_on" INTO k
    FROM "routes" r
    CROSS JOIN LATERAL "route_kept_validity"(r."id", r."owner_id",
      coalesce(p_ways, r."keeping_ways", (SELECT u."keeping_ways" FROM "users" u WHERE u."id" = r."owner_id")), rule) v
   WHERE r."id" = p_route;
  valid_until := k."valid_until";
  training := rule IS NOT NULL AND k."acquired_on" IS NULL;
END;
$$;
--> statement-breakpoint
-- The rule of migration 0013, each candidate's validity by the requirement's rules where it has any (a function call
-- only for those: every other candidate keeps the route's kept validity), and the training flag kept beside it.
CREATE OR REPLACE FUNCTION "refresh_requirement_coverage"(p_memberships integer[], p_requirements integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_memberships IS NOT NULL THEN
    IF cardinality(p_memberships) = 0 THEN RETURN; END IF;
    PERFORM pg_advisory_xact_lock(hashtext('streckenpass-coverage-user'), u.user_id)
       FROM (SELECT DISTINCT "user_id" FROM "memberships" WHERE "id" = ANY(p_memberships) ORDER BY 1) u;
    PERFORM pg_advisory_xact_lock_shared(hashtext('streckenpass-coverage-betrieb'), b.betrieb_id)
       FROM (SELECT DISTINCT "betrieb_id" FROM "memberships" WHERE "id" = ANY(p_memberships) ORDER BY 1) b;
  ELSIF p_requirements IS NOT NULL THEN
    IF cardinality(p_requirements) = 0 THEN RETURN; END IF;
    PERFORM pg_advisory_xact_lock(hashtext('streckenpass-coverage-betrieb'), b.betrieb_id)
       FROM (SELECT DISTINCT "betrieb_id" FROM "betrieb_requirements" WHERE "id" = ANY(p_requirements) ORDER BY 1) b;
  END IF;

  DELETE FROM "requirement_coverage" c
   WHERE (p_memberships IS NULL OR c."membership_id" = ANY(p_memberships))
     AND (p_requirements IS NULL OR c."requirement_id" = ANY(p_requirements));

  INSERT INTO "requirement_coverage" ("betrieb_id", "requirement_id", "membership_id", "route_id", "valid_until", "kind",
                                      "training")
  WITH mem AS (
    SELECT m."id" AS membership_id, m."user_id", m."betrieb_id" FROM "memberships" m
     WHERE (p_memberships IS NULL OR m."id" = ANY(p_memberships))
       AND (p_requirements IS NULL OR m."betrieb_id" IN
             (SELECT r."betrieb_id" FROM "betrieb_requirements" r WHERE r."id" = ANY(p_requirements)))
  ), req AS (
    SELECT r."id", r."betrieb_id", least(r."start_station", r."end_station") AS lo,
           greatest(r."start_station", r."end_station") AS hi, lower(r."company_route") AS code,
           r."line", least(r."from_km", r."to_km") AS km_lo, greatest(r."from_km", r."to_km") AS km_hi
      FROM "betrieb_requirements" r
     WHERE (p_requirements IS NULL OR r."id" = ANY(p_requirements))
       AND (p_memberships IS NULL OR r."betrieb_id" IN
             (SELECT m."betrieb_id" FROM "memberships" m WHERE m."id" = ANY(p_memberships)))
  ), candidates AS (
    SELECT req."betrieb_id", req."id" AS requirement_id, mem.membership_id, rt."id" AS route_id, rt."valid_until", 0 AS rank
      FROM mem JOIN "routes" rt ON rt."owner_id" = mem."user_id"
      JOIN req ON req."betrieb_id" = mem."betrieb_id"
              AND req.lo = least(rt."start_station", rt."end_station") AND req.hi = greatest(rt."start_station", rt."end_station")
    UNION ALL
    SELECT req."betrieb_id", req."id", mem.membership_id, rt."id", rt."valid_until", 1
      FROM mem JOIN "routes" rt ON rt."owner_id" = mem."user_id"
      JOIN req ON req."betrieb_id" = mem."betrieb_id" AND req."line" IS NOT NULL
                AND rt."path" @> jsonb_build_object('sections', jsonb_build_array(jsonb_build_object('line', req."line")))
     WHERE p_memberships IS NOT NULL AND "path_covers_section"(rt."path", req."line", req.km_lo, req.km_hi)
    UNION ALL
    SELECT req."betrieb_id", req."id", mem.membership_id, rt."id", rt."valid_until", 1
      FROM req CROSS JOIN LATERAL (
             SELECT r2."id", r2."owner_id", r2."valid_until", r2."path" FROM "routes" r2
              WHERE r2."path" @> jsonb_build_object('sections', jsonb_build_array(jsonb_build_object('line', req."line")))
             OFFSET 0
           ) rt
      JOIN mem ON mem."user_id" = rt."owner_id" AND mem."betrieb_id" = req."betrieb_id"
     WHERE p_memberships IS NULL AND req."line" IS NOT NULL
       AND "path_covers_section"(rt."path", req."line", req.km_lo, req.km_hi)
    UNION ALL
    SELECT req."betrieb_id", req."id", mem.membership_id, rt."id", rt."valid_until", 2
      FROM mem JOIN req ON req."betrieb_id" = mem."betrieb_id" AND req.code IS NOT NULL
      JOIN "routes" rt ON rt."owner_id" = mem."user_id" AND lower(rt."company_route") = req.code
    UNION ALL
    SELECT req."betrieb_id", req."id", mem.membership_id, rt."id", rt."valid_until", 3
      FROM req JOIN "requirement_links" l ON l."requirement_id" = req."id"
      JOIN mem ON mem.membership_id = l."membership_id"
      JOIN "routes" rt ON rt."id" = l."route_id" AND rt."owner_id" = mem."user_id"
  ), judged AS (
    -- Scalar subqueries by primary key (the requirement's rules, the route's training), not joins: see migration 0019.
    SELECT c.*, v."valid_until" AS judged_until, v."training"
      FROM candidates c
      CROSS JOIN LATERAL (
        SELECT br."keeping_ways" AS ways, br."first_acquisition" AS rule
          FROM "betrieb_requirements" br WHERE br."id" = c.requirement_id
      ) q
      CROSS JOIN LATERAL (
        SELECT c."valid_until",
               c."valid_until" IS NULL AND (SELECT r."first_acquisition" IS NOT NULL AND r."acquired_on" IS NULL
                                              FROM "routes" r WHERE r."id" = c.route_id) AS training
         WHERE q.ways IS NULL AND q.rule IS NULL
        UNION ALL
        SELECT k."valid_until", k."training" FROM "requirement_kept_validity"(c.route_id, q.ways, q.rule) k
         WHERE q.ways IS NOT NULL OR q.rule IS NOT NULL
      ) v
  )
  SELECT DISTINCT ON (requirement_id, membership_id)
         "betrieb_id", requirement_id, membership_id, route_id, judged_until,
         (array['pair', 'section', 'code', 'manual'])[rank + 1], "training"
    FROM judged
   ORDER BY requirement_id, membership_id, judged_until DESC NULLS LAST, rank, route_id;
END;
$$;
--> statement-breakpoint
-- A route's first acquisition and its rule of ways are read by the rule now too (training; a requirement's own rules).
CREATE OR REPLACE FUNCTION "routes_coverage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owners integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "owner_id") INTO owners FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "owner_id") INTO owners FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x."owner_id") INTO owners FROM (
      SELECT n."owner_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
       WHERE n."start_station" IS DISTINCT FROM o."start_station" OR n."end_station" IS DISTINCT FROM o."end_station"
          OR n."company_route" IS DISTINCT FROM o."company_route" OR n."valid_until" IS DISTINCT FROM o."valid_until"
          OR n."owner_id" IS DISTINCT FROM o."owner_id" OR n."path" IS DISTINCT FROM o."path"
          OR n."first_acquisition" IS DISTINCT FROM o."first_acquisition"
          OR n."acquired_on" IS DISTINCT FROM o."acquired_on" OR n."keeping_ways" IS DISTINCT FROM o."keeping_ways"
      UNION ALL
      SELECT o."owner_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."owner_id" IS DISTINCT FROM o."owner_id") x;
  END IF;
  IF owners IS NULL THEN RETURN NULL; END IF;
  PERFORM "refresh_requirement_coverage"(ARRAY(SELECT "id" FROM "memberships" WHERE "user_id" = ANY(owners)), NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A requirement's own rules are read by the rule now too.
CREATE OR REPLACE FUNCTION "requirements_coverage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_requirement_coverage"(NULL, ARRAY(SELECT "id" FROM new_rows));
  ELSE
    PERFORM "refresh_requirement_coverage"(NULL, ARRAY(
      SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
       WHERE n."start_station" IS DISTINCT FROM o."start_station" OR n."end_station" IS DISTINCT FROM o."end_station"
          OR n."company_route" IS DISTINCT FROM o."company_route" OR n."line" IS DISTINCT FROM o."line"
          OR n."from_km" IS DISTINCT FROM o."from_km" OR n."to_km" IS DISTINCT FROM o."to_km"
          OR n."keeping_ways" IS DISTINCT FROM o."keeping_ways"
          OR n."first_acquisition" IS DISTINCT FROM o."first_acquisition"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A drive can change a requirement's validity by its own rules without changing the route's kept validity (a
-- simulator drive the driver's rule does not keep, a drive in the dark a requirement's first acquisition counts).
-- After the route triggers: the memberships of the drive's owner in Betriebe with a requirement that has own rules.
CREATE FUNCTION "refresh_ruled_coverage"(p_owners integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_owners IS NULL OR cardinality(p_owners) = 0 THEN RETURN; END IF;
  PERFORM "refresh_requirement_coverage"(ARRAY(
    SELECT m."id" FROM "memberships" m
     WHERE m."user_id" = ANY(p_owners)
       AND EXISTS (SELECT 1 FROM "betrieb_requirements" r
                    WHERE r."betrieb_id" = m."betrieb_id"
                      AND (r."keeping_ways" IS NOT NULL OR r."first_acquisition" IS NOT NULL))), NULL);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "route_activity_routes_ruled_coverage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_ruled_coverage"(ARRAY(
      SELECT DISTINCT (SELECT r."owner_id" FROM "routes" r WHERE r."id" = n."route_id") FROM new_rows n));
  ELSE
    PERFORM "refresh_ruled_coverage"(ARRAY(
      SELECT DISTINCT (SELECT r."owner_id" FROM "routes" r WHERE r."id" = o."route_id") FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "route_activity_routes_ruled_coverage_inserted" AFTER INSERT ON "route_activity_routes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "route_activity_routes_ruled_coverage"();
--> statement-breakpoint
CREATE TRIGGER "route_activity_routes_ruled_coverage_deleted" AFTER DELETE ON "route_activity_routes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "route_activity_routes_ruled_coverage"();
--> statement-breakpoint
CREATE FUNCTION "route_activities_ruled_coverage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_ruled_coverage"(ARRAY(
    SELECT DISTINCT n."owner_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
     WHERE n."acquired_at" IS DISTINCT FROM o."acquired_at" OR n."acquired_until" IS DISTINCT FROM o."acquired_until"
        OR n."way" IS DISTINCT FROM o."way" OR n."direction" IS DISTINCT FROM o."direction"
        OR n."dark" IS DISTINCT FROM o."dark"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "route_activities_ruled_coverage" AFTER UPDATE ON "route_activities"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "route_activities_ruled_coverage"();
--> statement-breakpoint
-- The kept flag for what is kept already.
SELECT "refresh_requirement_coverage"(NULL, ARRAY(SELECT "id" FROM "betrieb_requirements"));
