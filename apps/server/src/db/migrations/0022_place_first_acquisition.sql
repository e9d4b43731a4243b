-- Issue 41 items 3 and 4 (decisions 0063, 0065): a place (Ortskunde: a route whose start and end are one operating
-- point) has no direction, so its first acquisition counts every drive — `drives` of them, `dark` in darkness, within
-- `days` days — instead of that many in each direction. A route's first acquisition is counted as before (migration
-- 0019): only drives with a direction, per direction.
CREATE OR REPLACE FUNCTION "route_acquired_on"(p_route integer, p_owner integer, p_rule jsonb) RETURNS date
LANGUAGE sql STABLE AS $$
  WITH place AS (
    SELECT coalesce(r."start_station" IS NOT NULL AND r."start_station" = r."end_station", false) AS yes
      FROM "routes" r WHERE r."id" = p_route
  ), d AS (
    SELECT ra."acquired_at", ra."direction", coalesce(ra."dark", false) AS "dark"
      FROM "route_activity_routes" rar
      JOIN "route_activities" ra ON ra."id" = rar."route_activity_id"
     WHERE rar."route_id" = p_route AND ra."owner_id" = p_owner
       AND (ra."direction" IS NOT NULL OR coalesce((SELECT yes FROM place), false))
  )
  SELECT min(e."acquired_at")
    FROM (SELECT DISTINCT d."acquired_at" FROM d) e
   WHERE (SELECT CASE WHEN coalesce((SELECT yes FROM place), false)
                      THEN count(*) >= (p_rule->>'drives')::integer
                           AND count(*) FILTER (WHERE w."dark") >= (p_rule->>'dark')::integer
                      ELSE count(*) FILTER (WHERE w."direction" = 'forward') >= (p_rule->>'drives')::integer
                           AND count(*) FILTER (WHERE w."direction" = 'reverse') >= (p_rule->>'drives')::integer
                           AND count(*) FILTER (WHERE w."direction" = 'forward' AND w."dark") >= (p_rule->>'dark')::integer
                           AND count(*) FILTER (WHERE w."direction" = 'reverse' AND w."dark") >= (p_rule->>'dark')::integer
                 END
            FROM d w
           WHERE w."acquired_at" <= e."acquired_at"
             AND (p_rule->>'days' IS NULL OR w."acquired_at" > e."acquired_at" - (p_rule->>'days')::integer))
$$;
