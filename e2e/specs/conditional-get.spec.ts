import { expect, test } from '@playwright/test';
import { apiAs, signIn, registerViaApi } from '../support/fixtures';

/**
 * Issue 13: API answers carry an ETag and `Cache-Control: private, no-cache`, so the browser revalidates a list the
 * app fetches again (TanStack Query refetches on focus and reconnect) with If-None-Match, and the server answers 304
 * without running the list query.
 */
test('the browser revalidates API lists with If-None-Match while nothing changed', async ({ page, request }) => {
  const user = await registerViaApi(request);
  await apiAs(request, user.token, 'post', '/api/routes', {
    name: 'Bebra – Fulda',
    startPoint: 'FBE',
    endPoint: 'FFU',
  });
  await signIn(page, user);

  const sent: { ifNoneMatch: string | undefined; etag: string | undefined }[] = [];
  page.on('requestfinished', async (finished) => {
    if (!finished.url().endsWith('/api/routes')) return;
    const headers = await finished.allHeaders();
    const response = await finished.response();
    sent.push({ ifNoneMatch: headers['if-none-match'], etag: (await response?.allHeaders())?.etag });
  });
  const fetchRoutes = () =>
    page.evaluate(async (token) => {
      const response = await fetch('/api/routes', { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, count: ((await response.json()) as unknown[]).length };
    }, user.token);

  expect(await fetchRoutes()).toEqual({ status: 200, count: 1 });
  await expect.poll(() => sent.length).toBeGreaterThanOrEqual(1);
  const first = sent.at(-1)!;
  expect(first.etag).toMatch(/^W\/".+"$/);
  // The second fetch is conditional: the browser sends the stored tag by itself (the server answers it with 304,
  // apps/server/src/http/request-path.test.ts); the page still sees the list, from the browser's cache.
  expect(await fetchRoutes()).toEqual({ status: 200, count: 1 });
  await expect.poll(() => sent.length).toBeGreaterThanOrEqual(2);
  expect(sent.at(-1)!.ifNoneMatch).toBe(first.etag);

  // A write changes the tag: the next fetch gets the new list.
  await apiAs(request, user.token, 'post', '/api/routes', { name: 'Fulda – Hanau', startPoint: 'FFU', endPoint: 'FH' });
  expect(await fetchRoutes()).toEqual({ status: 200, count: 2 });
});
