import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiAs, registerViaApi, signIn } from '../support/fixtures';
import { axeViolations, expectNoCspViolations, listenForCspViolations, smallTouchTargets } from '../support/audits';

/**
 * Issue 27: a Nachweis that can be verified. The driver exports a PDF; whoever holds its code opens the
 * verification page on a phone, without an account, and reads "echt" — and can upload the file itself.
 */
test('an exported PDF verifies as genuine at its QR address, on a phone without an account', async ({
  page,
  browser,
  request,
}) => {
  const user = await registerViaApi(request, { firstname: 'Jörg', lastname: 'Weiß' });
  const created = await apiAs(request, user.token, 'post', '/api/routes', {
    name: 'Würzburg–Fürth',
    companyRoute: 'KBS 805',
    startPoint: 'NWH',
    endPoint: 'NF',
  });
  expect(created.status()).toBe(201);

  // Issue: the PDF export of the documentation page.
  await signIn(page, user);
  await page.goto('/documentation');
  const card = page.getByRole('region', { name: 'Ausgewählte Objekte' });
  const next = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Als PDF exportieren' }).click();
  const download = await next;
  const pdf = await fs.readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const proofs = (await (await apiAs(request, user.token, 'get', '/api/proofs')).json()) as {
    code: string;
    url: string;
  }[];
  expect(proofs).toHaveLength(1);
  const { code, url } = proofs[0]!;
  expect(url).toMatch(new RegExp(`/pruefen/${code}$`));
  // The file carries the same code (printed with its QR code on every page, and in its signed trailer).
  expect(pdf.toString('latin1')).toContain(`"code":"${code.replaceAll('-', '')}"`);

  // "Meine Daten" lists it with a link to its verification page.
  await page.goto('/account/data');
  await expect(page.getByRole('heading', { name: 'Ausgestellte Nachweise' })).toBeVisible();
  await expect(page.getByRole('link', { name: code })).toHaveAttribute('href', url);

  // A supervisor's phone: a fresh browser context, no session, 360 px wide.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'de-DE' });
  try {
    const check = await phone.newPage();
    await listenForCspViolations(check);
    const response = await check.goto(new URL(url).pathname);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    await expect(check.getByRole('status')).toContainText('Echt und unverändert');
    await expect(check.getByText('Jörg Weiß')).toBeVisible();
    await expect(check.getByText('Würzburg–Fürth')).toBeVisible();
    expect(await check.content()).not.toContain(user.email);
    // Nothing scrolls sideways on the phone; every control is big enough; no CSP or axe findings.
    expect(await check.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await smallTouchTargets(check)).toEqual([]);
    expect(await axeViolations(check)).toEqual([]);
    await expectNoCspViolations(check, '/pruefen/{code}');

    // The file itself, uploaded on the same page.
    await check.getByLabel('PDF-Datei hochladen').setInputFiles({
      name: 'nachweis.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await check.getByRole('button', { name: 'Datei prüfen' }).click();
    await expect(check.getByRole('status')).toContainText('Echt und unverändert');
    await expect(check.getByRole('status')).toContainText('genau so, wie Streckenpass sie ausgestellt hat');

    // One character of the file changed: "verändert".
    const edited = Buffer.from(pdf);
    const digit = pdf.indexOf('ausgestellt am ') + 'ausgestellt am '.length;
    edited[digit] = edited[digit] === 0x31 ? 0x32 : 0x31;
    await check.getByLabel('PDF-Datei hochladen').setInputFiles({
      name: 'nachweis.pdf',
      mimeType: 'application/pdf',
      buffer: edited,
    });
    await check.getByRole('button', { name: 'Datei prüfen' }).click();
    await expect(check.getByRole('status')).toContainText('Verändert');
  } finally {
    await phone.close();
  }
});
