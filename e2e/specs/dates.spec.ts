import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, registerViaApi, signIn } from '../support/fixtures';

/**
 * Issue 26: every date field of the app is German whatever the browser's language. With an English-language
 * browser each field shows TT.MM.JJJJ (with the weekday), a date picked from its calendar and a date typed as
 * digits ("10122025") are read day before month, and what is saved is the date typed.
 */
test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 900 } });

const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
const WEEKDAYS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

/** Today ± days in Berlin, YYYY-MM-DD. */
function isoDate(offsetDays: number): string {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

const parts = (iso: string) => iso.split('-') as [string, string, string];
/** What the field shows: "Mi, 10.12.2025". */
const shown = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${WEEKDAYS[new Date(`${iso}T12:00:00Z`).getUTCDay()]}, ${d}.${m}.${y}`;
};
/** What a driver types: the digits alone, day first ("10122025"). */
const typed = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${d}${m}${y}`;
};
/** The calendar's name for a day: "10 Dezember 2025". */
const dayName = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
};

/** Picks `pick` from the field's calendar, then types `type` over it; checks what the field shows each time. */
async function pickThenType(page: Page, field: Locator, pick: string, type: string) {
  await field.click();
  // The calendar opens at the field's month: page to the month of `pick` ("November 2026" in its header).
  const header = page.getByRole('button', { name: new RegExp(`^(${MONTHS.join('|')}) \\d{4}$`) });
  // Only this field's calendar is open (the last one has finished closing).
  await expect(header).toHaveCount(1);
  const [year, month] = parts(pick).map(Number) as [number, number];
  for (let step = 0; step < 24; step++) {
    const [name, shownYear] = (await header.innerText()).trim().split(' ') as [string, string];
    const delta = (year - Number(shownYear)) * 12 + (month - 1 - MONTHS.indexOf(name));
    if (delta === 0) break;
    await page.getByRole('button', { name: delta > 0 ? 'Nächster Monat' : 'Vorheriger Monat' }).click();
  }
  await page.getByRole('button', { name: dayName(pick), exact: true }).click();
  await expect(field).toHaveValue(shown(pick));
  await field.fill('');
  await field.pressSequentially(typed(type));
  // Close this field's calendar and leave the field, as a tap elsewhere does, without opening the next one's.
  await field.press('Escape');
  await field.blur();
  await expect(field).toHaveValue(shown(type));
}

test('every date field reads and shows TT.MM.JJJJ in an English-language browser; the typed date is saved', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  const user = await registerViaApi(request);
  const routeResponse = await apiAs(request, user.token, 'post', '/api/routes', {
    name: 'Hanau – Fulda',
    startPoint: 'Hanau',
    endPoint: 'Fulda',
  });
  const route = (await routeResponse.json()) as { id: number };
  const activities = async () =>
    (await (await apiAs(request, user.token, 'get', '/api/route_activities')).json()) as {
      id: number;
      acquiredAt: string;
      acquiredUntil: string;
    }[];
  await signIn(page, user);

  // 1. The route form's "Zuletzt gefahren am".
  await page.goto('/route/new');
  await page.getByLabel('Name der Strecke').fill('Gießen – Marburg');
  await page.getByRole('combobox', { name: /Start der Strecke/ }).fill('Gießen');
  await page.getByRole('combobox', { name: /Ende der Strecke/ }).fill('Marburg');
  await pickThenType(page, page.getByLabel('Zuletzt gefahren am (optional)'), isoDate(-2), isoDate(-20));
  await page.getByRole('button', { name: 'Strecke erstellen' }).click();
  await expect(page).toHaveURL(/\/route\/\d+$/);
  await expect.poll(async () => (await activities()).map((a) => a.acquiredAt.slice(0, 10))).toEqual([isoDate(-20)]);

  // 2. The documentation page's "Zuletzt gefahren am".
  await page.goto('/documentation');
  await page.getByRole('button', { name: 'Strecke Hanau – Fulda auswählen' }).click();
  const selected = page.getByRole('region', { name: 'Ausgewählte Objekte' });
  await expect(selected.getByLabel('Zuletzt gefahren am')).toHaveValue(shown(isoDate(0)));
  await pickThenType(page, selected.getByLabel('Zuletzt gefahren am'), isoDate(-1), isoDate(-10));
  await selected.getByRole('button', { name: 'Dokumentation speichern' }).click();
  await expect.poll(async () => (await activities()).map((a) => a.acquiredAt.slice(0, 10))).toContain(isoDate(-10));

  // 3. A drive's "Gefahren am" and "Gültig bis".
  const drive = (await activities()).find((a) => a.acquiredAt.startsWith(isoDate(-10)))!;
  await page.goto(`/route-activity/${drive.id}`);
  await page.getByRole('button', { name: 'Daten bearbeiten' }).click();
  await pickThenType(page, page.getByLabel('Gefahren am'), isoDate(-3), isoDate(-12));
  await pickThenType(page, page.getByLabel('Gültig bis'), isoDate(-4), isoDate(300));
  await page.getByRole('button', { name: 'Daten speichern' }).click();
  await expect
    .poll(async () => {
      const saved = (await activities()).find((a) => a.id === drive.id)!;
      return [saved.acquiredAt.slice(0, 10), saved.acquiredUntil.slice(0, 10)];
    })
    .toEqual([isoDate(-12), isoDate(300)]);

  // 4. "Heute gefahren" with another date.
  await page.goto('/dashboard');
  const quick = page.getByRole('region', { name: 'Heute gefahren' });
  await quick.getByRole('button', { name: /Datum ändern/ }).click();
  await pickThenType(page, quick.getByLabel('Gefahren am'), isoDate(-2), isoDate(-5));
  await quick
    .getByRole('button', { name: /Hanau – Fulda/ })
    .first()
    .click();
  await quick.getByRole('button', { name: /^1 Strecke speichern/ }).click();
  await expect.poll(async () => (await activities()).map((a) => a.acquiredAt.slice(0, 10))).toContain(isoDate(-5));

  // 5. A share link's last day.
  await page.goto('/account/data');
  const expires = page.getByLabel('Gültig bis einschließlich (optional)');
  await pickThenType(page, expires, isoDate(1), isoDate(40));
  await page.getByRole('button', { name: 'Link erstellen' }).click();
  await expect(page.getByRole('textbox', { name: 'Link', exact: true })).toBeVisible();
  const links = (await (await apiAs(request, user.token, 'get', '/api/share_links')).json()) as {
    expiresOn: string | null;
  }[];
  expect(links.map((link) => link.expiresOn)).toEqual([isoDate(40)]);
  expect(route.id).toBeGreaterThan(0);
});
