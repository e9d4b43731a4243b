CREATE TABLE "data_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "last_driven" date;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "data_versions" ADD CONSTRAINT "data_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "routes_owner_valid_until_idx" ON "routes" USING btree ("owner_id","valid_until");--> statement-breakpoint
-- A route's validity (last driven, valid until) is kept on the route itself, in the same transaction as every
-- write of its activities: linking or unlinking an activity (also through ON DELETE CASCADE when an activity is
-- deleted) and changing an activity's dates recompute it for the routes concerned.
CREATE FUNCTION "refresh_route_validity"(p_route_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "routes" r
     SET "last_driven" = v."last_driven", "valid_until" = v."valid_until"
    FROM (
      SELECT r2."id",
             (SELECT max(ra."acquired_at") FROM "route_activity_routes" rar
                JOIN "route_activities" ra ON ra."id" = rar."route_activity_id"
               WHERE rar."route_id" = r2."id" AND ra."owner_id" = r2."owner_id") AS "last_driven",
             (SELECT max(ra."acquired_until") FROM "route_activity_routes" rar
                JOIN "route_activities" ra ON ra."id" = rar."route_activity_id"
               WHERE rar."route_id" = r2."id" AND ra."owner_id" = r2."owner_id") AS "valid_until"
        FROM "routes" r2
       WHERE r2."id" = ANY(p_route_ids)
    ) v
   WHERE r."id" = v."id"
     AND (r."last_driven" IS DISTINCT FROM v."last_driven" OR r."valid_until" IS DISTINCT FROM v."valid_until");
$$;
--> statement-breakpoint
CREATE FUNCTION "route_activity_routes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_route_validity"(ARRAY(SELECT DISTINCT "route_id" FROM new_rows));
  ELSE
    PERFORM "refresh_route_validity"(ARRAY(SELECT DISTINCT "route_id" FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "route_activity_routes_inserted" AFTER INSERT ON "route_activity_routes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "route_activity_routes_changed"();
--> statement-breakpoint
CREATE TRIGGER "route_activity_routes_deleted" AFTER DELETE ON "route_activity_routes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "route_activity_routes_changed"();
--> statement-breakpoint
CREATE FUNCTION "route_activities_dates_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_route_validity"(ARRAY(
    SELECT DISTINCT rar."route_id"
      FROM new_rows n
      JOIN old_rows o ON o."id" = n."id"
      JOIN "route_activity_routes" rar ON rar."route_activity_id" = n."id"
     WHERE n."acquired_at" IS DISTINCT FROM o."acquired_at" OR n."acquired_until" IS DISTINCT FROM o."acquired_until"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "route_activities_dates_updated" AFTER UPDATE ON "route_activities"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "route_activities_dates_changed"();
--> statement-breakpoint
-- Existing data: compute every route's validity once.
SELECT "refresh_route_validity"(ARRAY(SELECT "id" FROM "routes"));
