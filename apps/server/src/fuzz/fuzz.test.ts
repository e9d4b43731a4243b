import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../test/helpers.js';

/**
 * Fuzzing every operation of the served OpenAPI document (issue 9).
 *
 * User A owns one record of every kind, each carrying a unique MARKER (names, his first and last name, the answer
 * stored under his Idempotency-Key). User B then sends generated requests to every path × method of
 * /api/openapi.json: path parameters from a pool of hostile values (huge, negative and fractional numbers, unicode,
 * SQL and JSON fragments, broken percent-encodings, A's ids), hostile query strings, headers (forged, expired and
 * malformed tokens, content types, Idempotency-Keys) and bodies derived from the operation's own JSON schema, each
 * property either plausible (B's or A's references, boundary lengths, impossible dates) or hostile, plus raw bodies
 * (broken JSON, deep nesting, over the size limit, prototype keys).
 *
 * Every answer must be below 500 and must not contain the MARKER; afterwards A's records are unchanged and
 * /api/health answers 200. FUZZ_RUNS scales the runs per operation, FUZZ_SEED replays a failure (fast-check
 * prints the seed and the shrunk request).
 *
 * Exclusions: the cron endpoint never gets the configured key (it would send weekly reports, not a robustness
 * question); the calls that derive a scrypt hash (login_check, register, change-password, reset-password) get
 * fewer runs because each valid-looking body costs tens of milliseconds; the mail-sending calls (resend
 * verification, forgot-password) run in full, their mails go to the test outbox directory.
 */

const MARKER = `Geheimnis${randomBytes(6).toString('hex')}`;
/** A's place codes: B asking for them in an export must not get A's routes (whose names carry the MARKER). */
const PLACE_A = 'ZQA';
const A_IDEMPOTENCY_KEY = 'fuzz-shared-key-1';

const RUNS = Number(process.env.FUZZ_RUNS ?? 240);
const SLOW_RUNS = Math.max(10, Math.round(RUNS / 4));
const SLOW_OPERATIONS = new Set([
  'POST /api/login_check',
  'POST /api/users/register',
  'POST /api/users/change-password',
  'POST /api/users/reset-password',
]);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
};

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}

interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  authenticated: boolean;
}

interface FuzzRequest {
  path: string;
  query: string;
  auth: AuthChoice;
  headers: Record<string, string>;
  payload: string | undefined;
}

type AuthChoice =
  | 'b'
  | 'none'
  | 'b-twice'
  | 'b-lowercase-scheme'
  | 'b-tampered'
  | 'basic'
  | 'garbage'
  | 'alg-none-a'
  | 'wrong-key-a'
  | 'expired-b';

let ctx: TestContext;
let userA: TestUser;
let userB: TestUser;
let cronKey: string;
let operations: Operation[];
const forged: Partial<Record<AuthChoice, string>> = {};

/** A's ids by kind, and B's, for path parameters and references. */
const idsA: Record<string, number[]> = {};
const idsB: Record<string, number[]> = {};
let snapshotA: string;

const stats = { requests: 0, byStatus: new Map<number, number>() };

async function call(
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: { ...user.headers, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number };
}

/** A's records, as A sees them: must be identical before and after the fuzzing. */
async function readA(): Promise<string> {
  const lists = await Promise.all(
    [
      '/api/users/current',
      '/api/routes',
      '/api/tours',
      '/api/vehicles',
      '/api/route_activities',
      '/api/vehicle_activities',
    ].map(async (url) => (await ctx.app.inject({ method: 'GET', url, headers: userA.headers })).body),
  );
  return lists.join('\n');
}

async function seedRecords(user: TestUser, label: string, ids: Record<string, number[]>, place: string) {
  const route = await call(
    user,
    'POST',
    '/api/routes',
    { name: `${label} Strecke`, companyRoute: `${label} KBS`, startPoint: place, endPoint: `${place}B` },
    // A's answer is stored under this key; B sending the same key must not get it.
    label === MARKER ? { 'idempotency-key': A_IDEMPOTENCY_KEY } : {},
  );
  const route2 = await call(user, 'POST', '/api/routes', {
    name: `${label} Zweite`,
    startPoint: 'HU',
    endPoint: place,
  });
  const tour = await call(user, 'POST', '/api/tours', {
    name: `${label} Tour`,
    routes: [`/api/routes/${route.id}`, `/api/routes/${route2.id}`],
  });
  const vehicle = await call(user, 'POST', '/api/vehicles', { name: `${label} Fahrzeug` });
  const activity = await call(user, 'POST', '/api/route_activities', {
    acquiredAt: '2025-03-01',
    acquiredRoutes: [`/api/routes/${route.id}`],
  });
  const vehicleActivity = await call(user, 'POST', '/api/vehicle_activities', {
    acquiredVehicles: [`/api/vehicles/${vehicle.id}`],
    routeActivity: `/api/route_activities/${activity.id}`,
  });
  Object.assign(ids, {
    users: [user.id],
    routes: [route.id, route2.id],
    tours: [tour.id],
    vehicles: [vehicle.id],
    route_activities: [activity.id],
    vehicle_activities: [vehicleActivity.id],
  });
}

async function forgeTokens() {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claimsA = { sub: String(userA.id), username: userA.email, roles: ['ROLE_ADMIN'], jti: crypto.randomUUID() };
  forged['alg-none-a'] = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claimsA, iat: now, exp: now + 3600 })}.`;
  forged['wrong-key-a'] = await new SignJWT(claimsA)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(randomBytes(48));
  // B's own token with the signature of another token: the payload says A.
  const [header, , signature] = userB.token.split('.');
  forged['b-tampered'] = `${header}.${b64({ ...claimsA, iat: now, exp: now + 3600 })}.${signature}`;
  forged['expired-b'] = await new SignJWT({ sub: String(userB.id), username: userB.email, roles: ['ROLE_USER'] })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .setJti(crypto.randomUUID())
    .sign(randomBytes(48));
}

function authorizationHeader(choice: AuthChoice): string | undefined {
  switch (choice) {
    case 'b':
      return `Bearer ${userB.token}`;
    case 'none':
      return undefined;
    case 'b-twice':
      return `Bearer ${userB.token}, Bearer ${userB.token}`;
    case 'b-lowercase-scheme':
      return `bearer  ${userB.token}`;
    case 'basic':
      return `Basic ${Buffer.from(`${userA.email}:x`).toString('base64')}`;
    case 'garbage':
      return 'Bearer ' + 'A'.repeat(5000);
    default:
      return `Bearer ${forged[choice]}`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile values

const HOSTILE_STRINGS = [
  '',
  // PostgreSQL refuses NUL in text: the contract must refuse it first (issue 14).
  '\u0000',
  'HU\u0000',
  '\u0000@example.org',
  'geheim\u0000passwort',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '00001',
  'NaN',
  'Infinity',
  '-0',
  '9007199254740993',
  '99999999999999999999999999999',
  'null',
  'true',
  'undefined',
  '[]',
  '{}',
  '{"$ne":null}',
  '{"__proto__":{"admin":true}}',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'; select pg_sleep(5); --",
  '1 UNION SELECT email, password_hash FROM users',
  '$1',
  '%s%s%s%n',
  '\\',
  '"',
  "'",
  '`',
  '../../../../etc/passwd',
  '..%2f..%2f',
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\r\nBcc: victim@example.org',
  'x\r\nSet-Cookie: a=b',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '=HYPERLINK("http://evil.example","x")',
  '+SUM(1+1)',
  '@cmd',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\u202eRTL',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '👩‍👩‍👧‍👦',
  'Ärger über Größe',
  '٣٤',
  '１２３',
  'İı',
  'ß'.repeat(300),
  'x'.repeat(65),
  'x'.repeat(256),
  'x'.repeat(5000),
  '2024-02-30',
  '2023-02-29',
  '0000-00-00',
  '0000-01-01',
  '9999-12-31',
  '2024-13-01',
  '2024-1-1',
  '2024-01-01T00:00:00Z',
  '+275760-09-13',
  '-271821-04-19',
  '/api/routes/0',
  '/api/routes/-1',
  '/api/routes/1.5',
  '/api/routes/9999999999999999',
  '/api/routes/99999999999999999999',
  '/api/users/1',
  '/api/routes/1/../2',
  'http://evil.example/api/routes/1',
  PLACE_A,
  `${PLACE_A}B`,
  A_IDEMPOTENCY_KEY,
];

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Raw path segments that must reach the server as written (already percent-encoded or deliberately broken). */
const RAW_SEGMENTS = [
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%zz',
  '%00',
  '%E0%A4%A',
  '%C0%AF',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  '+',
  '%20',
  '~',
];

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, where encodeURIComponent would throw). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
    { weight: 2, arbitrary: otherUsersReference() },
    { weight: 1, arbitrary: fc.constantFrom(userA.email, userA.email.toUpperCase(), userB.email) },
  );
}

/** A's IRIs and raw ids of every kind. */
function otherUsersReference(): fc.Arbitrary<string> {
  const iris = Object.entries(idsA).flatMap(([kind, ids]) => ids.map((id) => `/api/${kind}/${id}`));
  return fc.constantFrom(...iris, ...Object.values(idsA).flat().map(String));
}

function hostileNumber(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(...Object.values(idsA).flat()),
  );
}

const hostileKey = () =>
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', '$where', 'owner', 'id', 'roles', 'ownerId', 'owner_id'),
    fc.string({ maxLength: 12 }),
  );

function hostileJson(): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileString(),
      hostileNumber(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(hostileKey(), tie('value'), { maxKeys: 4 }),
    ),
  }));
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Schema-driven values: plausible where the schema says what fits, hostile otherwise

const DATES = ['2025-03-01', '2024-02-29', '1970-01-01', '2100-12-31', '0001-01-01', '9999-12-31', '2025-02-29'];
/** Dates PostgreSQL cannot store or that do not exist (year 0, five-digit years, day 31 of February, …). */
const EXTREME_DATES = [
  '0000-01-01',
  '0000-12-31',
  '10000-01-01',
  '9999-12-32',
  '2026-02-31',
  '2026-00-10',
  '2026-13-01',
  '-0001-01-01',
  '+02026-01-01',
  '2026-01-01\u0000',
  '9998-12-31',
];

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  const iriKind = schema.pattern ? /\\\/api\\\/([a-z_]+)\\\//.exec(schema.pattern)?.[1] : undefined;
  if (iriKind) {
    const own = (idsB[iriKind] ?? []).map((id) => `/api/${iriKind}/${id}`);
    const other = (idsA[iriKind] ?? []).map((id) => `/api/${iriKind}/${id}`);
    return fc.oneof(
      { weight: 14, arbitrary: fc.constantFrom(...own) },
      { weight: 2, arbitrary: fc.constantFrom(...other) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000 }).map((id) => `/api/${iriKind}/${id}`) },
      { weight: 1, arbitrary: fc.constantFrom(`/api/${iriKind}/9999999999999999`, `/api/${iriKind}/1234567890123456`) },
    );
  }
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) {
    return fc.oneof(
      fc.constantFrom(...DATES),
      fc.constantFrom(...EXTREME_DATES),
      fc
        .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
    );
  }
  if (schema.format === 'email' || schema.pattern?.includes('@')) {
    return fc.oneof(
      fc.constantFrom(userB.email, userA.email, userA.email.toUpperCase(), 'neu@example.org'),
      fc.emailAddress(),
    );
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 40);
  const boundaries = [
    ...(schema.maxLength === undefined ? [] : ['x'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1)]),
    ...(min > 0 ? ['x'.repeat(min - 1), ' '.repeat(min)] : []),
  ];
  const word = fc.stringMatching(/^[A-Za-z0-9ÄÖÜäöüß][A-Za-z0-9ÄÖÜäöüß .-]{0,18}[A-Za-z0-9ÄÖÜäöüß]$/);
  return fc.oneof(
    { weight: 8, arbitrary: min > 20 ? word.map((w) => w.padEnd(min, 'x')) : word },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, max) }) },
    { weight: 2, arbitrary: fc.constantFrom(userB.password, 'geheim-passwort-2', 'HU', 'FF', PLACE_A) },
    { weight: 1, arbitrary: fc.constantFrom(...(boundaries.length > 0 ? boundaries : [''])) },
    // A plausible text with a NUL byte somewhere inside.
    {
      weight: 1,
      arbitrary: fc
        .tuple(word, fc.nat())
        .map(([w, at]) => `${w.slice(0, at % (w.length + 1))}\u0000${w.slice(at % (w.length + 1))}`),
    },
  );
}

function plausibleValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => plausibleValue(s, depth)));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return plausibleObject(schema, depth);
    case 'array': {
      const item = schema.items ? plausibleValue(schema.items, depth + 1) : hostileJson();
      const arbitraries = [
        { weight: 10, arbitrary: fc.array(item, { minLength: 1, maxLength: 4 }) },
        { weight: 1, arbitrary: fc.constant([]) },
      ];
      if (schema.maxItems !== undefined && schema.maxItems <= 5_000) {
        const tooMany = item.map((value) => Array.from({ length: schema.maxItems! + 1 }, () => value));
        arbitraries.push({ weight: 1, arbitrary: tooMany });
      }
      return fc.oneof(...arbitraries);
    }
    case 'string':
      return plausibleString(schema);
    case 'integer':
      return fc.oneof(
        fc.constantFrom(...Object.values(idsB).flat(), ...Object.values(idsA).flat()),
        fc.integer({
          min: Math.max(schema.minimum ?? -1e6, Number.MIN_SAFE_INTEGER),
          max: Math.min(schema.maximum ?? 1e6, Number.MAX_SAFE_INTEGER),
        }),
        fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER),
      );
    case 'number':
      return hostileNumber();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileJson();
  }
}

function plausibleObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const fields = properties.map(([name, property]) =>
    fc
      .oneof(
        { weight: 20, arbitrary: plausibleValue(property, depth + 1).map((value) => ({ present: true, value })) },
        { weight: 1, arbitrary: hostileJson().map((value) => ({ present: true, value })) },
        { weight: 1, arbitrary: fc.constant({ present: false, value: undefined as unknown }) },
      )
      .map((field) => [name, field] as const),
  );
  const extra = fc.oneof(
    { weight: 8, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.tuple(hostileKey(), hostileJson()) },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([entries, extraEntry]) => {
    const body: Record<string, unknown> = {};
    for (const [name, field] of entries) if (field.present) body[name] = field.value;
    // defineProperty: a plain assignment of '__proto__' would set the prototype instead of a key.
    if (extraEntry) Object.defineProperty(body, extraEntry[0], { value: extraEntry[1], enumerable: true });
    return body;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

function rawBody(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '',
      '{',
      '{"name":',
      'null',
      '"text"',
      '123',
      '[]',
      '[{}]',
      'true',
      '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      '{"name":"a","name":"b"}',
      '\ufeff{}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"a":1e99999}',
      '['.repeat(5_000) + ']'.repeat(5_000),
      '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000),
      `{"name":"${'x'.repeat(300 * 1024)}"}`,
      'name=x&startPoint=HU',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    ),
    fc.string({ unit: 'binary', maxLength: 60 }),
    hostileJson().map((value) => JSON.stringify(value) ?? 'null'),
  );
}

function bodyFor(operation: Operation): fc.Arbitrary<string | undefined> {
  if (!operation.body) {
    return fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawBody() });
  }
  return fc.oneof(
    { weight: 6, arbitrary: plausibleValue(operation.body).map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: rawBody() },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function pathSegment(parameter: Parameter): fc.Arbitrary<string> {
  const numeric = parameter.schema?.type === 'integer' || parameter.schema?.type === 'number';
  return fc.oneof(
    { weight: numeric ? 4 : 1, arbitrary: fc.constantFrom(...Object.values(idsA).flat()).map(String) },
    { weight: numeric ? 4 : 1, arbitrary: fc.constantFrom(...Object.values(idsB).flat()).map(String) },
    { weight: 2, arbitrary: hostileNumber().map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
    { weight: 3, arbitrary: hostileString().map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    {
      weight: numeric ? 0 : 2,
      arbitrary: fc.constantFrom(encode(userA.email), randomBytes(32).toString('hex')),
    },
  );
}

function queryFor(operation: Operation): fc.Arbitrary<string> {
  const declared = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const key = fc.oneof(
    { weight: declared.length > 0 ? 4 : 0, arbitrary: fc.constantFrom(...(declared.length > 0 ? declared : ['x'])) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor[prototype][x]', 'days[]', 'a[b][c]', 'token', ''),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const value = fc.oneof(
    fc.constantFrom('1', '0', '-1', '30', '100001', 'true', 'false', 'yes', ''),
    hostileString(),
    hostileNumber().map(String),
  );
  const pair = fc.tuple(key, value).map(([k, v]) => `${encode(k)}=${encode(v)}`);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 6, arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.join('&')}`) },
    { weight: 1, arbitrary: fc.constantFrom('?', '?&&', '?=', '?days', '?%', '?days=%zz', '?a=1&a=2&a=3') },
  );
}

function headersFor(): fc.Arbitrary<{ auth: AuthChoice; headers: Record<string, string> }> {
  const auth = fc.oneof(
    { weight: 14, arbitrary: fc.constant<AuthChoice>('b') },
    {
      weight: 1,
      arbitrary: fc.constantFrom<AuthChoice>(
        'none',
        'b-twice',
        'b-lowercase-scheme',
        'b-tampered',
        'basic',
        'garbage',
        'alg-none-a',
        'wrong-key-a',
        'expired-b',
      ),
    },
  );
  // Header values must be visible ASCII/latin-1: anything else never leaves a real HTTP client.
  const headerText = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS.filter((s) => /^[\x20-\x7e]*$/.test(s))),
    fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  );
  const contentType = fc.oneof(
    { weight: 10, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom('application/merge-patch+json', 'application/json; charset=utf-8') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-16',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/problem+json',
        '*/*',
        'application/json, text/plain',
        'garbage',
      ),
    },
  );
  const optionalHeader = fc.oneof(
    fc.tuple(
      fc.constant('idempotency-key'),
      fc.oneof(fc.constantFrom(A_IDEMPOTENCY_KEY, 'k', 'x'.repeat(101)), headerText, fc.uuid()),
    ),
    fc.tuple(fc.constant('accept'), fc.constantFrom('application/json', 'text/html', 'text/csv', '*/*', '')),
    fc.tuple(fc.constant('x-forwarded-for'), fc.constantFrom('1.2.3.4', '127.0.0.1, 10.0.0.1', 'unknown', '::1')),
    fc.tuple(fc.constantFrom('accept-language', 'if-none-match', 'origin', 'referer', 'cookie'), headerText),
    fc.tuple(fc.constant('range'), fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=999999999-')),
    fc.tuple(fc.constant('x-http-method-override'), fc.constantFrom('DELETE', 'PATCH', 'GET')),
  );
  return fc
    .record({ auth, contentType, optional: fc.array(optionalHeader, { maxLength: 2 }) })
    .map(({ auth, contentType, optional }) => ({
      auth,
      headers: { 'content-type': contentType, ...Object.fromEntries(optional) },
    }));
}

function requestFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const segments = operation.parameters.filter((p) => p.in === 'path');
  const path = fc.tuple(...segments.map(pathSegment)).map((values) => {
    let result = operation.path;
    segments.forEach((parameter, i) => {
      result = result.replace(`{${parameter.name}}`, values[i]!);
    });
    return result;
  });
  return fc
    .record({ path, query: queryFor(operation), headers: headersFor(), payload: bodyFor(operation) })
    .map(({ path, query, headers, payload }) => ({
      path,
      query,
      auth: headers.auth,
      headers: headers.headers,
      payload,
    }));
}

async function send(operation: Operation, request: FuzzRequest) {
  const headers: Record<string, string> = { ...request.headers };
  const authorization = authorizationHeader(request.auth);
  if (authorization) headers.authorization = authorization;
  if (request.payload === undefined) delete headers['content-type'];
  const response = await ctx.app.inject({
    method: operation.method,
    url: request.path + request.query,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  stats.requests += 1;
  stats.byStatus.set(response.statusCode, (stats.byStatus.get(response.statusCode) ?? 0) + 1);

  // The fuzzing itself may end B's session (logout, a password change): carry on with a fresh token.
  const key = `${operation.method} ${operation.path}`;
  if (
    request.auth === 'b' &&
    ((key === 'GET /api/users/logout' && response.statusCode === 200) ||
      (key === 'POST /api/users/change-password' && response.statusCode === 200))
  ) {
    userB.token = await ctx.app.issueToken({ id: userB.id, email: userB.email, roles: ['ROLE_USER'] });
    userB.headers = { authorization: `Bearer ${userB.token}` };
  }
  return response;
}

/** Every `owner` reference anywhere in a JSON answer that is not B. */
function foreignOwners(response: { headers: Record<string, unknown>; body: string }): string[] {
  if (!String(response.headers['content-type'] ?? '').includes('json')) return [];
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'owner' && inner !== userB.iri) found.push(String(inner));
        walk(inner);
      }
    }
  };
  try {
    walk(JSON.parse(response.body));
  } catch {
    // Not JSON after all: the MARKER check still applies.
  }
  return found;
}

/** Problem details, or the account calls' own `{ success, message }` / `{ code, message }` (API.md). */
function isDocumentedError(response: { statusCode: number; headers: Record<string, unknown>; body: string }): boolean {
  if (!/^application\/(problem\+)?json/.test(String(response.headers['content-type'] ?? ''))) return false;
  try {
    const body = JSON.parse(response.body) as Record<string, unknown>;
    return (
      (typeof body.title === 'string' && body.status === response.statusCode) ||
      (body.success === false && typeof body.message === 'string') ||
      (typeof body.code === 'number' && typeof body.message === 'string')
    );
  } catch {
    return false;
  }
}

function describeRequest(operation: Operation, request: FuzzRequest): string {
  return `${operation.method} ${request.path}${request.query} auth=${request.auth} headers=${JSON.stringify(
    request.headers,
  )} body=${request.payload === undefined ? '-' : JSON.stringify(request.payload.slice(0, 300))}`;
}

// ---------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  cronKey = randomBytes(24).toString('hex');
  const generous = { max: 1_000_000, timeWindow: 60_000 };
  ctx = await buildTestApp({
    cronApiKey: cronKey,
    rateLimits: {
      login: generous,
      register: generous,
      passwordReset: generous,
      verification: generous,
      global: generous,
    },
  });
  userA = await registerUser(ctx.app, { firstname: MARKER, lastname: MARKER });
  userB = await registerUser(ctx.app, { firstname: 'Bernd', lastname: 'Fuzz' });
  await seedRecords(userA, MARKER, idsA, PLACE_A);
  await seedRecords(userB, 'Eigene', idsB, 'HU');
  await forgeTokens();
  snapshotA = await readA();
  expect(snapshotA).toContain(MARKER);

  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown; security?: unknown[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
      .map(([method, op]) => {
        const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
        return {
          method: method.toUpperCase() as Operation['method'],
          path,
          parameters: op.parameters ?? [],
          body: content?.['application/json']?.schema,
          authenticated: !(Array.isArray(op.security) && op.security.length === 0),
        };
      }),
  );
}, 120_000);

afterAll(async () => ctx?.close());

describe('fuzzing the API as another user', () => {
  it('covers every operation of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(['POST /api/routes', 'PATCH /api/route_activities/{id}', 'POST /api/export/pdf']),
    );
  });

  it('never answers 5xx and never shows A’s records to B, for hostile requests to every operation', async () => {
    for (const operation of operations) {
      const key = `${operation.method} ${operation.path}`;
      const started = performance.now();
      const before = new Map(stats.byStatus);
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (request) => {
          if (operation.path.includes('{apiKey}') && request.path.includes(cronKey)) return;
          const response = await send(operation, request);
          const text = `${JSON.stringify(response.headers)}\n${response.body}`;
          if (process.env.FUZZ_DEBUG && key === process.env.FUZZ_DEBUG) {
            console.info(
              response.statusCode,
              describeRequest(operation, request).slice(0, 400),
              response.body.slice(0, 200),
            );
          }
          if (response.statusCode >= 500) {
            throw new Error(`${response.statusCode} for ${describeRequest(operation, request)}: ${response.body}`);
          }
          if (text.toLowerCase().includes(MARKER.toLowerCase())) {
            throw new Error(`A's data leaked to B: ${describeRequest(operation, request)}: ${response.body}`);
          }
          const foreign = foreignOwners(response);
          if (foreign.length > 0) {
            throw new Error(
              `records of ${foreign.join(', ')} in ${describeRequest(operation, request)}: ${response.body}`,
            );
          }
          if (response.statusCode >= 400 && !isDocumentedError(response)) {
            throw new Error(`undocumented error shape for ${describeRequest(operation, request)}: ${response.body}`);
          }
        }),
        {
          numRuns: SLOW_OPERATIONS.has(key) ? SLOW_RUNS : RUNS,
          ...(SEED === undefined ? {} : { seed: SEED }),
          // A failing request is reported by its message; shrinking dozens of steps of slow requests adds little.
          endOnFailure: true,
        },
      );
      if (process.env.FUZZ_VERBOSE) {
        const statuses = [...stats.byStatus]
          .map(([status, n]) => [status, n - (before.get(status) ?? 0)] as const)
          .filter(([, n]) => n > 0)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ');
        console.info(`${key.padEnd(50)} ${Math.round(performance.now() - started)} ms  ${statuses}`);
      }
    }
    if (process.env.FUZZ_VERBOSE) {
      const cpu = process.cpuUsage();
      console.info(`${stats.requests} requests, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`);
    }
    const expected = operations.reduce(
      (sum, o) => sum + (SLOW_OPERATIONS.has(`${o.method} ${o.path}`) ? SLOW_RUNS : RUNS),
      0,
    );
    expect(stats.requests).toBeGreaterThanOrEqual(Math.min(10_000, expected - 50));
    // The requests reached the handlers: successes as well as refusals.
    const count = (predicate: (status: number) => boolean) =>
      [...stats.byStatus].filter(([status]) => predicate(status)).reduce((sum, [, n]) => sum + n, 0);
    expect(count((s) => s >= 200 && s < 300)).toBeGreaterThan(stats.requests / 20);
    expect(count((s) => s === 403)).toBeGreaterThan(0);
    expect(count((s) => s === 422)).toBeGreaterThan(0);
  }, 600_000);

  it('leaves A’s records untouched and the server healthy', async () => {
    expect(await readA()).toBe(snapshotA);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: userB.headers });
    expect(me.statusCode).toBe(200);
  });
});
