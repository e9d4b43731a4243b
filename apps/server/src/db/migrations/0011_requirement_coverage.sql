CREATE TABLE "requirement_coverage" (
	"betrieb_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"valid_until" date,
	"kind" text NOT NULL,
	CONSTRAINT "requirement_coverage_requirement_id_membership_id_pk" PRIMARY KEY("requirement_id","membership_id")
);
--> statement-breakpoint
ALTER TABLE "requirement_coverage" ADD CONSTRAINT "requirement_coverage_betrieb_id_betriebe_id_fk" FOREIGN KEY ("betrieb_id") REFERENCES "public"."betriebe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_coverage" ADD CONSTRAINT "requirement_coverage_requirement_id_betrieb_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."betrieb_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_coverage" ADD CONSTRAINT "requirement_coverage_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_coverage" ADD CONSTRAINT "requirement_coverage_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requirement_coverage_membership_idx" ON "requirement_coverage" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "requirement_coverage_betrieb_idx" ON "requirement_coverage" USING btree ("betrieb_id","requirement_id","valid_until");--> statement-breakpoint
CREATE INDEX "requirement_coverage_route_idx" ON "requirement_coverage" USING btree ("route_id");--> statement-breakpoint
-- The best match of each requirement for each membership (decision 0046, addendum "coverage kept"): the rule of
-- modules/betriebe/requirement-matching.ts (`matchCandidates`, `bestMatches`) evaluated for a scope — the given
-- memberships, the given requirements, or both (their pairs) — and written over what the scope held.
-- Serialised so that no write computes from a state another write is changing: a member's refresh takes the
-- member's user lock and shares their Betriebe's locks; a requirement's refresh holds its Betrieb's lock alone. Each
-- statement after the locks reads what committed before them (READ COMMITTED, a volatile function).
CREATE FUNCTION "refresh_requirement_coverage"(p_memberships integer[], p_requirements integer[]) RETURNS void
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
           greatest(r."start_station", r."end_station") AS hi, lower(r."company_route") AS code
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
      JOIN req ON req."betrieb_id" = mem."betrieb_id" AND req.code = lower(rt."company_route")
    UNION ALL
    SELECT req."betrieb_id", req."id", mem.membership_id, rt."id", rt."valid_until", 2
      FROM req JOIN "requirement_links" l ON l."requirement_id" = req."id"
      JOIN mem ON mem.membership_id = l."membership_id"
      JOIN "routes" rt ON rt."id" = l."route_id" AND rt."owner_id" = mem."user_id"
  )
  SELECT DISTINCT ON (requirement_id, membership_id)
         "betrieb_id", requirement_id, membership_id, route_id, "valid_until", (array['pair', 'code', 'manual'])[rank + 1]
    FROM candidates
   ORDER BY requirement_id, membership_id, "valid_until" DESC NULLS LAST, rank, route_id;
END;
$$;
--> statement-breakpoint
-- A member's routes: created, deleted, or changed in what the rule reads (stations, Kürzel, validity — the last kept
-- by refresh_route_validity from the drives). Nothing to do for an owner who is no member anywhere.
CREATE FUNCTION "routes_coverage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
          OR n."owner_id" IS DISTINCT FROM o."owner_id"
      UNION ALL
      SELECT o."owner_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."owner_id" IS DISTINCT FROM o."owner_id") x;
  END IF;
  IF owners IS NULL THEN RETURN NULL; END IF;
  PERFORM "refresh_requirement_coverage"(ARRAY(SELECT "id" FROM "memberships" WHERE "user_id" = ANY(owners)), NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "routes_coverage_inserted" AFTER INSERT ON "routes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "routes_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "routes_coverage_updated" AFTER UPDATE ON "routes"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "routes_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "routes_coverage_deleted" AFTER DELETE ON "routes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "routes_coverage_changed"();
--> statement-breakpoint
-- The Betrieb's requirements: a new one, or one whose pair or Kürzel changed (a deleted one takes its rows along).
CREATE FUNCTION "requirements_coverage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_requirement_coverage"(NULL, ARRAY(SELECT "id" FROM new_rows));
  ELSE
    PERFORM "refresh_requirement_coverage"(NULL, ARRAY(
      SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
       WHERE n."start_station" IS DISTINCT FROM o."start_station" OR n."end_station" IS DISTINCT FROM o."end_station"
          OR n."company_route" IS DISTINCT FROM o."company_route"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "requirements_coverage_inserted" AFTER INSERT ON "betrieb_requirements"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "requirements_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "requirements_coverage_updated" AFTER UPDATE ON "betrieb_requirements"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "requirements_coverage_changed"();
--> statement-breakpoint
-- A driver's links by hand, and a new membership (leaving takes the rows along).
CREATE FUNCTION "links_coverage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Links that go with their requirement, membership or route need nothing: those deletions take the rows along
    -- (a refresh here would take the member's lock while the requirement's deletion holds its row: a deadlock).
    PERFORM "refresh_requirement_coverage"(
      ARRAY(SELECT DISTINCT o."membership_id" FROM old_rows o
             WHERE EXISTS (SELECT 1 FROM "betrieb_requirements" r WHERE r."id" = o."requirement_id")
               AND EXISTS (SELECT 1 FROM "memberships" m WHERE m."id" = o."membership_id")),
      ARRAY(SELECT DISTINCT o."requirement_id" FROM old_rows o
             WHERE EXISTS (SELECT 1 FROM "betrieb_requirements" r WHERE r."id" = o."requirement_id")
               AND EXISTS (SELECT 1 FROM "memberships" m WHERE m."id" = o."membership_id")));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "refresh_requirement_coverage"(ARRAY(SELECT DISTINCT "membership_id" FROM new_rows),
                                           ARRAY(SELECT DISTINCT "requirement_id" FROM new_rows));
  ELSE
    PERFORM "refresh_requirement_coverage"(
      ARRAY(SELECT "membership_id" FROM new_rows UNION SELECT "membership_id" FROM old_rows),
      ARRAY(SELECT "requirement_id" FROM new_rows UNION SELECT "requirement_id" FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "links_coverage_inserted" AFTER INSERT ON "requirement_links"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "links_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "links_coverage_updated" AFTER UPDATE ON "requirement_links"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "links_coverage_changed"();
--> statement-breakpoint
CREATE TRIGGER "links_coverage_deleted" AFTER DELETE ON "requirement_links"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "links_coverage_changed"();
--> statement-breakpoint
CREATE FUNCTION "memberships_coverage_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_requirement_coverage"(ARRAY(SELECT "id" FROM new_rows), NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "memberships_coverage_inserted" AFTER INSERT ON "memberships"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "memberships_coverage_inserted"();
--> statement-breakpoint
-- Existing data: every membership's coverage once (under the migration lock: no locks needed here).
SELECT "refresh_requirement_coverage"(NULL, NULL);
