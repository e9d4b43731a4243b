ALTER TABLE "betrieb_requirements" ADD COLUMN "line" integer;--> statement-breakpoint
ALTER TABLE "betrieb_requirements" ADD COLUMN "from_km" double precision;--> statement-breakpoint
ALTER TABLE "betrieb_requirements" ADD COLUMN "to_km" double precision;--> statement-breakpoint
CREATE INDEX "routes_path_idx" ON "routes" USING gin ("path" jsonb_path_ops);--> statement-breakpoint
ALTER TABLE "betrieb_requirements" ADD CONSTRAINT "betrieb_requirements_section_check" CHECK (("betrieb_requirements"."line" is null and "betrieb_requirements"."from_km" is null and "betrieb_requirements"."to_km" is null) or ("betrieb_requirements"."line" is not null and "betrieb_requirements"."from_km" is not null and "betrieb_requirements"."to_km" is not null and "betrieb_requirements"."from_km" <> "betrieb_requirements"."to_km"));--> statement-breakpoint
-- A route's path covers a requirement's line section (issue 29 item 3, decision 0053) when its sections on that line
-- overlap the section's km range, and by all of its length but 1 km: each end may fall short by the span of a station
-- (the network places an operating point at one km; an admin may type the km of its other end). Contract:
-- SECTION_TOLERANCE_KM. Read by the rule here and by the app's `matchCandidates` alike.
CREATE FUNCTION "path_covers_section"(p_path jsonb, p_line integer, p_lo double precision, p_hi double precision)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum(o.km), 0) > 0 AND coalesce(sum(o.km), 0) >= (p_hi - p_lo) - 1.0
    FROM (SELECT greatest(0, least(p_hi, greatest((s->>'fromKm')::float8, (s->>'toKm')::float8))
                           - greatest(p_lo, least((s->>'fromKm')::float8, (s->>'toKm')::float8))) AS km
            FROM jsonb_array_elements(p_path->'sections') s
           WHERE (s->>'line')::integer = p_line) o
$$;
--> statement-breakpoint
-- The rule of migration 0011 with a fourth way to meet a requirement: by its line section (rank 1, between the
-- station pair and the Kürzel). Only routes whose path runs on the line are looked at (routes_path_idx).
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

  INSERT INTO "requirement_coverage" ("betrieb_id", "requirement_id", "membership_id", "route_id", "valid_until", "kind")
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
    -- By line section, for members (a drive, a route, a new member): their own routes, by owner.
    SELECT req."betrieb_id", req."id", mem.membership_id, rt."id", rt."valid_until", 1
      FROM mem JOIN "routes" rt ON rt."owner_id" = mem."user_id"
      JOIN req ON req."betrieb_id" = mem."betrieb_id" AND req."line" IS NOT NULL
                AND rt."path" @> jsonb_build_object('sections', jsonb_build_array(jsonb_build_object('line', req."line")))
     WHERE p_memberships IS NOT NULL AND "path_covers_section"(rt."path", req."line", req.km_lo, req.km_hi)
    UNION ALL
    -- By line section, for requirements (new or changed, or everything): the routes on each one's line
    -- (routes_path_idx; OFFSET 0 keeps the planner from folding the lookup into a scan of every member's routes),
    -- then their owners among the members.
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
  )
  SELECT DISTINCT ON (requirement_id, membership_id)
         "betrieb_id", requirement_id, membership_id, route_id, "valid_until",
         (array['pair', 'section', 'code', 'manual'])[rank + 1]
    FROM candidates
   ORDER BY requirement_id, membership_id, "valid_until" DESC NULLS LAST, rank, route_id;
END;
$$;
--> statement-breakpoint
-- A route's path is read by the rule now too.
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
      UNION ALL
      SELECT o."owner_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."owner_id" IS DISTINCT FROM o."owner_id") x;
  END IF;
  IF owners IS NULL THEN RETURN NULL; END IF;
  PERFORM "refresh_requirement_coverage"(ARRAY(SELECT "id" FROM "memberships" WHERE "user_id" = ANY(owners)), NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A requirement's line section is read by the rule now too.
CREATE OR REPLACE FUNCTION "requirements_coverage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_requirement_coverage"(NULL, ARRAY(SELECT "id" FROM new_rows));
  ELSE
    PERFORM "refresh_requirement_coverage"(NULL, ARRAY(
      SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
       WHERE n."start_station" IS DISTINCT FROM o."start_station" OR n."end_station" IS DISTINCT FROM o."end_station"
          OR n."company_route" IS DISTINCT FROM o."company_route" OR n."line" IS DISTINCT FROM o."line"
          OR n."from_km" IS DISTINCT FROM o."from_km" OR n."to_km" IS DISTINCT FROM o."to_km"));
  END IF;
  RETURN NULL;
END;
$$;
