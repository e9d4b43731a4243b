/**
 * The stack ceiling of the API benchmark: the same stack without the app. A minimal Fastify server on node-postgres
 * that does what GET /api/routes must do at least — the same HS256 verification (src/lib/jwt.ts), the token lookup
 * (known, unrevoked, unexpired) and the same list query as prepared statements — and answers the same JSON, byte for
 * byte (every field of the route, the stations named from the same data set), with no plugins, hooks, schemas or
 * caches.
 *
 *   DATABASE_URL=… PORT=… node --import tsx bench/stack-ceiling.ts
 */
import { createSecretKey } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { verifyToken } from '../src/lib/jwt.js';
import { loadStationData } from '../src/modules/stations/stations.data.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const secret = await pool.query<{ value: string }>("select value from settings where key = 'jwt_secret'");
const key = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? secret.rows[0]!.value, 'utf8'));

const TOKEN_SQL = `select u.id from auth_tokens t join users u on u.id = t.user_id
  where t.jti = $1 and t.user_id = $2 and t.revoked_at is null and t.expires_at > now()`;
const LIST_SQL = `select r.id, r.name, r.company_route, r.start_point, r.end_point, r.start_station, r.end_station,
    r.validity_days, r.last_driven::text, r.valid_until::text, r.path, r.owner_id,
    coalesce(array_agg(tr.tour_id order by tr.tour_id) filter (where tr.tour_id is not null), '{}'::integer[]) as tour_ids
  from routes r left join tour_routes tr on tr.route_id = r.id
  where r.owner_id = $1 group by r.id
  order by r.company_route collate "und-x-icu" asc nulls last, r.name collate "und-x-icu", r.id`;

interface RouteRow {
  id: number;
  name: string;
  company_route: string | null;
  start_point: string;
  end_point: string;
  start_station: string | null;
  end_station: string | null;
  validity_days: number | null;
  last_driven: string | null;
  valid_until: string | null;
  path: unknown;
  owner_id: number;
  tour_ids: number[];
}

// The stations of the answer, as the app names them (the data set is the app's; looking it up is the work).
const stations = loadStationData().index;
const station = (code: string | null) => {
  const found = code ? stations.byCode(code) : undefined;
  return found ? { code: found.code, name: found.name, lat: found.lat, lon: found.lon } : null;
};

const app = Fastify({ logger: false });
app.get('/api/routes', async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  const claims = token ? verifyToken(key, token) : null;
  if (!claims) return reply.status(401).send({ status: 401 });
  const userId = Number(claims.sub);
  const known = await pool.query({ name: 'token', text: TOKEN_SQL, values: [claims.jti, userId] });
  if (known.rowCount === 0) return reply.status(401).send({ status: 401 });
  const { rows } = await pool.query<RouteRow>({ name: 'list', text: LIST_SQL, values: [userId] });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    companyRoute: row.company_route,
    startPoint: row.start_point,
    endPoint: row.end_point,
    startStation: station(row.start_station),
    endStation: station(row.end_station),
    tours: row.tour_ids.map((id) => `/api/tours/${id}`),
    owner: `/api/users/${row.owner_id}`,
    validityDays: row.validity_days,
    ...(row.last_driven === null ? {} : { lastDriven: row.last_driven }),
    ...(row.valid_until === null ? {} : { validUntil: row.valid_until }),
    ...(row.path === null ? {} : { path: row.path }),
  }));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.info('ready');
