import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, signIn, registerViaApi } from '../support/fixtures';

const widths = [360, 1280] as const;

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect.soft(summary).toEqual([]);
}

/** Waits until the page has rendered its heading (lazy chunk and data loaded). */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Wird geladen' })).toHaveCount(0);
}

for (const width of widths) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('signed out: every public page has no axe violations', async ({ page }) => {
      for (const path of ['/', '/about', '/legal', '/donate', '/reset-password?token=x', '/gibt-es-nicht']) {
        await page.goto(path);
        await settle(page);
        await expectNoViolations(page, path);
      }
    });
    // The signed-in screens: audit-screens.spec.ts, in light and dark at both widths (issue 39: one axe run each).
  });
}

test.describe('accessibility in the dark colour scheme', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 360, height: 900 } });

  // The signed-in pages in dark: audit-screens.spec.ts.
  test('the public pages have no axe violations', async ({ page }) => {
    for (const path of ['/', '/about', '/legal', '/donate']) {
      await page.goto(path);
      await settle(page);
      await expectNoViolations(page, `dark ${path}`);
    }
  });
});

test('every action on the start page is reachable by keyboard with a visible focus', async ({ page }) => {
  await page.goto('/');
  await settle(page);
  const reached: string[] = [];
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const name = `${el.tagName}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`;
      const style = getComputedStyle(el);
      if (el.matches(':focus-visible') && style.outlineStyle !== 'none' && style.outlineWidth !== '0px') {
        return { name, visible: true };
      }
      // Mantine inputs show focus by colouring the input's border: compare with an input without focus.
      const box = (el.closest('.mantine-Input-input') as HTMLElement | null) ?? el;
      const other = [...document.querySelectorAll<HTMLElement>('.mantine-Input-input')].find(
        (candidate) => !candidate.contains(el),
      );
      if (!other) return { name, visible: false };
      return { name, visible: getComputedStyle(box).borderColor !== getComputedStyle(other).borderColor };
    });
    if (info) {
      expect(info.visible, `focus ring on "${info.name}"`).toBe(true);
      reached.push(info.name);
    }
  }
  for (const name of ['Anmelden', 'Registrieren', 'Passwort vergessen', 'Mehr Informationen']) {
    expect(
      reached.some((n) => n.includes(name)),
      `${name} reachable by Tab`,
    ).toBe(true);
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of widths) {
    test.describe(`new screens of issue 15, ${colorScheme}, ${width} px`, () => {
      test.use({ colorScheme, viewport: { width, height: 900 } });

      test('state filter, quick record with a choice, outbox and the banner have no axe violations', async ({
        page,
        context,
        request,
      }) => {
        const user = await registerViaApi(request);
        const post = async (url: string, data: unknown) => (await apiAs(request, user.token, 'post', url, data)).json();
        const r1 = await post('/api/routes', { name: 'Celle – Uelzen', startPoint: 'HC', endPoint: 'HU' });
        const r2 = await post('/api/routes', { name: 'Uelzen – Lüneburg', startPoint: 'HU', endPoint: 'ALBG' });
        await post('/api/tours', { name: 'Heiderunde', routes: [`/api/routes/${r1.id}`, `/api/routes/${r2.id}`] });
        await post('/api/route_activities', { acquiredAt: '2025-11-01', acquiredRoutes: [`/api/routes/${r1.id}`] });
        await signIn(page, user);
        await settle(page);
        const label = `${colorScheme} ${width}`;
        await expectNoViolations(page, `${label} dashboard`);

        await page.getByRole('button', { name: '1 abgelaufen' }).click();
        await page
          .getByRole('region', { name: 'Heute gefahren' })
          .getByRole('button', { name: /Heiderunde/ })
          .click();
        if (width === 360) await page.getByRole('button', { name: 'Mehr' }).click();
        await expectNoViolations(page, `${label} dashboard with filter, choice and open banner`);

        // A drive saved offline: the outbox card and the offline banner.
        await page.evaluate(async () => navigator.serviceWorker.ready);
        await context.setOffline(true);
        await page.getByRole('button', { name: '2 Strecken speichern' }).click();
        await expect(page.getByRole('region', { name: 'Noch nicht gesendete Dokumentationen' })).toBeVisible();
        await expectNoViolations(page, `${label} dashboard offline with outbox`);
        await context.setOffline(false);
      });
    });
  }
}
