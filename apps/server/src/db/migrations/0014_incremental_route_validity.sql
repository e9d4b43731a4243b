-- Issue 30: linking drives to routes no longer recomputes a route's validity from all of its drives. A route's
-- "last driven" and "valid until" are the latest dates of its drives (migration 0001); when drives are linked, the
-- new values are the later of the kept ones and those of the new links, so an insert reads only the new rows. Before,
-- each insert read every drive of every route it touched: a restore of 5,000 drives over 10 routes read up to 50,000
-- links per step, 0.3–1.2 s per step on PGlite, and held other users' statements that long. Unlinking (and a changed
-- date) still recomputes from all drives: a maximum cannot be taken back without them.
CREATE OR REPLACE FUNCTION "route_activity_routes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Each new link looks up its drive and its route by primary key (LATERAL): a transition table has no
    -- statistics, and a plan that scanned every drive of every account would grow with the database.
    UPDATE "routes" r
       SET "last_driven" = GREATEST(r."last_driven", v."last_driven"),
           "valid_until" = GREATEST(r."valid_until", v."valid_until")
      FROM (
        SELECT n."route_id", max(d."acquired_at") AS "last_driven", max(d."acquired_until") AS "valid_until"
          FROM new_rows n
          CROSS JOIN LATERAL (
            SELECT ra."acquired_at", ra."acquired_until"
              FROM "route_activities" ra
             WHERE ra."id" = n."route_activity_id"
               AND ra."owner_id" = (SELECT r2."owner_id" FROM "routes" r2 WHERE r2."id" = n."route_id")
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
