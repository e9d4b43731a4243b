import fs from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { apiAs, signIn, registerViaApi } from '../support/fixtures';

async function download(page: Page, button: string): Promise<{ file: Download; bytes: Buffer }> {
  const card = page.getByRole('region', { name: 'Ausgewählte Objekte' });
  const next = page.waitForEvent('download');
  await card.getByRole('button', { name: button }).click();
  const file = await next;
  const path = await file.path();
  return { file, bytes: await fs.readFile(path) };
}

test('the documentation page exports the selection as CSV and as PDF', async ({ page, request }) => {
  const user = await registerViaApi(request, { firstname: 'Jörg', lastname: 'Weiß' });
  for (const route of [
    { name: 'Würzburg–Fürth', companyRoute: 'KBS 805', startPoint: 'NWH', endPoint: 'NF' },
    { name: 'Gießen–Straßberg', companyRoute: 'KBS 630', startPoint: 'FG', endPoint: 'FS' },
  ]) {
    const created = await apiAs(request, user.token, 'post', '/api/routes', route);
    expect(created.status()).toBe(201);
  }

  await signIn(page, user);
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { name: 'Dokumentation', level: 1 })).toBeVisible();

  // Nothing selected: every route.
  const all = await download(page, 'Als CSV exportieren');
  expect(all.file.suggestedFilename()).toMatch(/^streckenkunde-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...all.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = all.bytes.subarray(3).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'Strecke;Interne Bezeichnung;Start;Ende;Touren;Zuletzt befahren;Gültig bis;Status;Gültigkeitsregel;Start DS100;' +
      'Ende DS100;Erfasst am;Nachgetragen;Fahrzeuge',
  );
  // The account's rule (1 Jahr) applies; typed codes without a chosen station leave the DS100 columns empty
  // (stations-map.spec.ts has a linked one).
  expect(csv).toContain('Würzburg–Fürth;KBS 805;NWH;NF;;;;nicht erfasst;1 Jahr (364 Tage);;;;;\r\n');
  expect(csv).toContain('Gießen–Straßberg;KBS 630;FG;FS;;;;nicht erfasst;1 Jahr (364 Tage);;;;;\r\n');

  // One route selected: only that one.
  await page.getByRole('button', { name: 'Strecke Würzburg–Fürth auswählen' }).click();
  const selected = await download(page, 'Als CSV exportieren');
  const rows = selected.bytes.subarray(3).toString('utf8').split('\r\n');
  expect(rows.filter(Boolean)).toHaveLength(2);
  expect(rows[1]).toMatch(/^Würzburg–Fürth;/);

  const pdf = await download(page, 'Als PDF exportieren');
  expect(pdf.file.suggestedFilename()).toMatch(/^streckenkunde-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.bytes.length).toBeGreaterThan(5_000);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
