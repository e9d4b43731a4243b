import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../app.js';
import { defaultRateLimits, loadConfig, type AppConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { databaseUrl, fileDatabaseName, newRunPrefix, templateName, withAdmin } from './postgres-template.js';

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a new database on that PostgreSQL server, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, url: undefined, drop: async () => database.close() };
  }
  // Under the server's vitest run, a copy of the run's migrated template (test/global-setup.ts); elsewhere (bench,
  // another config) a database migrated here.
  const prefix = runPrefix();
  const name = fileDatabaseName(prefix || newRunPrefix(), currentTestPath());
  await withAdmin(baseUrl, (client) =>
    client.query(prefix ? `create database ${name} template ${templateName(prefix)}` : `create database ${name}`),
  );
  createdDatabases.add(name);
  const url = databaseUrl(baseUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await withAdmin(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The PostgreSQL databases this test file made: test/database-leaks.ts fails the file for any still there. */
export const createdDatabases = new Set<string>();

/** The run's database prefix that the global setup provides; '' when none was (not under the server's vitest). */
function runPrefix(): string {
  try {
    return inject('pgRunPrefix') ?? '';
  } catch {
    return '';
  }
}

/** The test file now running (names its database), if any. */
function currentTestPath(): string | undefined {
  try {
    return expect.getState().testPath;
  } catch {
    return undefined;
  }
}

const generous = { max: 10_000, timeWindow: 60_000 };

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-test-'));
  const base = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', DISABLE_SCHEDULER: 'true' });
  return {
    ...base,
    publicUrl: 'http://streckenpass.test',
    webDist: undefined,
    rateLimits: {
      login: generous,
      register: generous,
      passwordReset: generous,
      verification: generous,
      global: generous,
    },
    // Tests that are not about throttling must not wait for it (login-throttle.test.ts sets its own).
    loginThrottle: {
      ...base.loginThrottle,
      freeFailures: 10_000,
      lockAfter: 10_000,
      addressFailures: 10_000,
      registerPerAddress: generous,
      resetPerAddress: generous,
    },
    // scrypt at N=2^10 instead of 2^15: the suite registers and logs in thousands of times, and what it tests is the
    // flows, not the hash's cost (lib/password.test.ts covers the production cost and that any cost verifies).
    passwordCostLog2N: 10,
    ...overrides,
  };
}

export { defaultRateLimits };

export interface TestContext {
  app: App;
  db: TestDatabase;
  close(): Promise<void>;
}

export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  db?: TestDatabase,
  options: Pick<BuildOptions, 'pushTest' | 'modules'> = {},
): Promise<TestContext> {
  const testDb = db ?? (await createTestDatabase());
  const app = await buildApp(testConfig(overrides), { database: testDb.database, logger: false, ...options });
  await app.ready();
  return {
    app,
    db: testDb,
    close: async () => {
      await app.close();
      if (!db) await testDb.drop();
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.org`;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
  iri: string;
  headers: { authorization: string };
}

/** Registers a user through the API and returns its token. */
export async function registerUser(
  app: App,
  input: Partial<{ email: string; password: string; firstname: string; lastname: string }> = {},
): Promise<TestUser> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? 'geheim-passwort-1';
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { email, password, firstname: input.firstname ?? 'Erika', lastname: input.lastname ?? 'Muster' },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const token = (response.json() as { jwt_token: string }).jwt_token;
  const me = await app.inject({
    method: 'GET',
    url: '/api/users/current',
    headers: { authorization: `Bearer ${token}` },
  });
  const id = (me.json() as { id: number }).id;
  return { id, email, password, token, iri: `/api/users/${id}`, headers: { authorization: `Bearer ${token}` } };
}

/** The user's bearer header plus the merge-patch content type of PATCH requests. */
export function mergePatchHeaders(user: TestUser): Record<string, string> {
  return { ...user.headers, 'content-type': 'application/merge-patch+json' };
}
