import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestContext } from '../test/helpers.js';

const METRICS_KEY = 'metrics-key-for-the-test-0123456789';
const CRON_KEY = 'cron-key-that-must-never-be-a-label';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ metricsKey: METRICS_KEY, cronApiKey: CRON_KEY });
});
afterAll(async () => ctx.close());

async function scrape(context: TestContext = ctx) {
  const response = await context.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_KEY}` },
  });
  expect(response.statusCode).toBe(200);
  return { text: response.body, families: parsePrometheusTextFormat(response.body), response };
}

function family(families: PrometheusFamily[], name: string): PrometheusFamily {
  const found = families.find((entry) => entry.name === name);
  if (!found) throw new Error(`no metric ${name} in the scrape`);
  return found;
}

const sample = (entry: PrometheusFamily, labels: Record<string, string>) =>
  entry.metrics.find((metric) => Object.entries(labels).every(([name, value]) => metric.labels?.[name] === value));

/**
 * The samples of one series name (`…_count`, `…_sum`, `…_bucket`) with their labels. parse-prometheus-text-format
 * folds the series of a labelled histogram into one (it expects `le` as the only label); read without the TYPE
 * lines, every sample line is an untyped sample of its own name and keeps its labels.
 */
function series(text: string, name: string) {
  const untyped = text
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n');
  const entry: PrometheusFamily = {
    name,
    help: '',
    type: 'UNTYPED',
    metrics: parsePrometheusTextFormat(untyped)
      .filter((found) => found.name === name)
      .flatMap((found) => found.metrics),
  };
  return entry;
}

describe('GET /metrics', () => {
  it('answers 404 when no METRICS_KEY is configured', async () => {
    const plain = await buildTestApp({}, ctx.db);
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_KEY}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    } finally {
      await plain.close();
    }
  });

  it('answers 401 without the key or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-key', `Basic ${METRICS_KEY}`, `Bearer ${METRICS_KEY}x`]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('serves the Prometheus text format that a parser reads', async () => {
    const { families, response } = await scrape();
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(families.length).toBeGreaterThan(10);
    // The process's figures: event-loop delay, memory, CPU.
    expect(family(families, 'nodejs_eventloop_lag_p99_seconds').type).toBe('GAUGE');
    expect(family(families, 'process_resident_memory_bytes').type).toBe('GAUGE');
    expect(family(families, 'process_cpu_seconds_total').type).toBe('COUNTER');
  });

  it('counts requests and their latency by route pattern, never by URL', async () => {
    const user = await registerUser(ctx.app);
    await ctx.app.inject({ method: 'GET', url: '/api/routes', headers: user.headers });
    await ctx.app.inject({ method: 'GET', url: '/api/routes', headers: user.headers });
    await ctx.app.inject({ method: 'GET', url: '/api/routes/987654', headers: user.headers });
    await ctx.app.inject({ method: 'GET', url: `/api/cronjob/internal/${CRON_KEY}-wrong` });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing/4711' });

    const { text, families } = await scrape();
    expect(family(families, 'http_request_duration_seconds').type).toBe('HISTOGRAM');
    const counts = series(text, 'http_request_duration_seconds_count');
    const list = { method: 'GET', route: '/api/routes', status_code: '200' };
    expect(sample(counts, list)?.value).toBe('2');
    expect(sample(series(text, 'http_request_duration_seconds_bucket'), { ...list, le: '+Inf' })?.value).toBe('2');
    expect(Number(sample(series(text, 'http_request_duration_seconds_sum'), list)?.value)).toBeGreaterThan(0);
    expect(sample(counts, { route: '/api/routes/:id', status_code: '404' })?.value).toBe('1');
    expect(sample(counts, { route: '/api/cronjob/internal/:apiKey', status_code: '403' })?.value).toBe('1');
    expect(sample(counts, { route: 'unmatched', status_code: '404' })).toBeDefined();
    // No id, key or token in any name, label or comment of the scrape. The samples' values are left out: a
    // measured duration such as 0.0014308559999917634 may hold any run of digits.
    const withoutValues = text
      .split('\n')
      .map((line) => (line.startsWith('#') ? line : line.replace(/ \S+$/, '')))
      .join('\n');
    expect(withoutValues).toContain('route="/api/routes/:id"');
    for (const secret of ['987654', CRON_KEY, '4711', user.token, user.email]) {
      expect(withoutValues).not.toContain(secret);
    }
  });

  it('counts mails by outcome', async () => {
    // An app of its own: the registration of the test before sends its mail after its answer, and that send may
    // be counted at any time later in the shared app.
    const own = await buildTestApp({ metricsKey: METRICS_KEY }, ctx.db);
    try {
      const sent = async () =>
        Number(
          sample(family((await scrape(own)).families, 'streckenpass_mails_total'), { outcome: 'sent' })?.value ?? 0,
        );
      expect(await sent()).toBe(0);
      await registerUser(own.app); // sends the verification mail, after the answer (the send is not awaited)
      await expect.poll(sent, { timeout: 10_000 }).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('counts job runs and their outcome', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/cronjob/internal/${CRON_KEY}` });
    expect(response.statusCode).toBe(200);
    const { families } = await scrape();
    const runs = family(families, 'streckenpass_job_runs_total');
    expect(sample(runs, { job: 'weekly_report', trigger: 'endpoint', outcome: 'ok' })?.value).toBe('1');
    const success = family(families, 'streckenpass_job_last_success_timestamp_seconds');
    expect(Number(sample(success, { job: 'weekly_report' })?.value)).toBeCloseTo(Date.now() / 1000, -2);
  });

  it('reports the database pool or the embedded database queue', async () => {
    const { families } = await scrape();
    if (ctx.db.database.kind === 'postgres') {
      const pool = family(families, 'streckenpass_db_pool_connections');
      expect(sample(pool, { state: 'idle' })).toBeDefined();
      expect(sample(pool, { state: 'busy' })).toBeDefined();
      expect(family(families, 'streckenpass_db_pool_waiting_requests').metrics[0]?.value).toBe('0');
      expect(family(families, 'streckenpass_db_pool_max_connections').metrics[0]?.value).toBe('10');
    } else {
      expect(family(families, 'streckenpass_pglite_operations_in_flight').metrics[0]?.value).toBe('0');
      const busy = family(families, 'streckenpass_pglite_busy_seconds_total');
      expect(busy.type).toBe('COUNTER');
      expect(Number(busy.metrics[0]?.value)).toBeGreaterThan(0);
    }
  });

  it('keeps one registry per app: a second app counts only its own requests', async () => {
    const second = await buildTestApp({ metricsKey: METRICS_KEY }, ctx.db);
    try {
      await second.app.inject({ method: 'GET', url: '/api/health' });
      const { text, families } = await scrape(second);
      const counts = series(text, 'http_request_duration_seconds_count');
      expect(counts.metrics.map((metric) => [metric.labels?.route, metric.value])).toEqual([['/api/health', '1']]);
      // The process's figures are there too, shared rather than registered twice.
      expect(family(families, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
    } finally {
      await second.close();
    }
  });
});
