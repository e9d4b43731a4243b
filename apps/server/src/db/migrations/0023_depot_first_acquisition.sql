ALTER TABLE "betrieb_depots" ADD COLUMN "first_acquisition" jsonb;--> statement-breakpoint
-- Issue 41 item 3 for the Betrieb's depots (docs/decisions/0067): a depot may state a first acquisition of its own. It
-- applies to every requirement of that depot that states none: a requirement's rule is its own, else its depot's.
-- The Betrieb's requirements for the whole Betrieb (no depot) are not affected. The rule of migration 0021 with that
-- one change.
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
    -- Scalar subqueries by primary key (the requirement's rules, its depot's first acquisition, the route's training),
    -- not joins: see migration 0019.
    SELECT c.*, v."valid_until" AS judged_until, v."training"
      FROM candidates c
      CROSS JOIN LATERAL (
        SELECT br."keeping_ways" AS ways,
               coalesce(br."first_acquisition",
                        (SELECT d."first_acquisition" FROM "betrieb_depots" d WHERE d."id" = br."depot_id")) AS rule
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
-- A requirement moved to another depot (or to the whole Betrieb) can change the rule that judges it.
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
          OR n."first_acquisition" IS DISTINCT FROM o."first_acquisition"
          OR n."depot_id" IS DISTINCT FROM o."depot_id"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- After a drive also for requirements whose depot has a first acquisition.
CREATE OR REPLACE FUNCTION "refresh_ruled_coverage"(p_owners integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_owners IS NULL OR cardinality(p_owners) = 0 THEN RETURN; END IF;
  PERFORM "refresh_requirement_coverage"(ARRAY(
    SELECT m."id" FROM "memberships" m
     WHERE m."user_id" = ANY(p_owners)
       AND EXISTS (SELECT 1 FROM "betrieb_requirements" r
                    WHERE r."betrieb_id" = m."betrieb_id"
                      AND (r."keeping_ways" IS NOT NULL OR r."first_acquisition" IS NOT NULL
                           OR (SELECT d."first_acquisition" IS NOT NULL FROM "betrieb_depots" d
                                WHERE d."id" = r."depot_id")))), NULL);
END;
$$;
--> statement-breakpoint
-- A depot's first acquisition changed: the coverage of its requirements that have none of their own.
CREATE FUNCTION "depots_coverage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_requirement_coverage"(NULL, ARRAY(
    SELECT r."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      JOIN "betrieb_requirements" r ON r."depot_id" = n."id" AND r."first_acquisition" IS NULL
     WHERE n."first_acquisition" IS DISTINCT FROM o."first_acquisition"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "depots_coverage_updated" AFTER UPDATE ON "betrieb_depots"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "depots_coverage_changed"();
