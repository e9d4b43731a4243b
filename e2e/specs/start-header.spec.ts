import { expect, test, type Page } from '@playwright/test';
import { siteHeader, startPage } from '../../apps/web/src/content/public-pages';
import { axeViolations, expectNoCspViolations, listenForCspViolations, smallTouchTargets } from '../support/audits';

// Issue 26, item 11: the prerendered public pages (apps/web/src/content/prerender.ts) draw the app's signed-out
// header (apps/web/src/app/layout/app-layout.tsx), so that a tap on "Registrieren", which loads the app, does not
// change it. Measured on the static copy, then again once the app has replaced it.

/** Where Mantine's colour-scheme manager keeps a choice (apps/web/src/app/color-scheme.ts). */
const COLOR_SCHEME_KEY = 'streckenpass:color-scheme';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Part {
  name: string;
  box: Box;
  color: string;
  background: string;
  /** What draws a button: its icon's colour, or the menu button's lines'. */
  ink: string;
  current: boolean;
}

interface HeaderMeasures {
  height: number;
  background: string;
  border: string;
  brand: { box: Box; text: Box; icon: Box; drawing: Box; iconPaths: string[]; color: string; font: string };
  /** The visible links, the colour toggle and (on phones) the menu button, in the order they stand. */
  parts: Part[];
  toggleIconPaths: string[];
  /** Where the toggle's icon draws: the same paths in another box would be another size. */
  toggleDrawing: Box;
}

/** The signed-out header as it stands – the same queries on the static copy and on the app. */
function measureHeader(page: Page): Promise<HeaderMeasures> {
  return page.evaluate((labels) => {
    const header = document.querySelector<HTMLElement>('#root header');
    if (!header) throw new Error('no header');
    const box = (rect: DOMRect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height });
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    const paths = (svg: Element | null | undefined) =>
      [...(svg?.querySelectorAll('path') ?? [])].map((path) => path.getAttribute('d') ?? '');
    // The union of an icon's paths on the screen.
    const drawing = (svg: Element | null | undefined) => {
      const rects = [...(svg?.querySelectorAll('path') ?? [])].map((path) => path.getBoundingClientRect());
      if (!rects.length) return box(new DOMRect());
      const left = Math.min(...rects.map((rect) => rect.left));
      const top = Math.min(...rects.map((rect) => rect.top));
      const right = Math.max(...rects.map((rect) => rect.right));
      const bottom = Math.max(...rects.map((rect) => rect.bottom));
      return { x: left, y: top, width: right - left, height: bottom - top };
    };
    const brand = header.querySelector<HTMLElement>(`a[aria-label="${labels.home}"]`);
    if (!brand) throw new Error('no brand');
    const walker = document.createTreeWalker(brand, NodeFilter.SHOW_TEXT);
    let textNode: Node | null = walker.nextNode();
    while (textNode && textNode.textContent?.trim() !== 'Streckenpass') textNode = walker.nextNode();
    if (!textNode) throw new Error('no brand text');
    const range = document.createRange();
    range.selectNodeContents(textNode);
    const textStyle = getComputedStyle(textNode.parentElement ?? brand);
    const icon = brand.querySelector('svg');
    const interactive = [...header.querySelectorAll<HTMLElement>('a, button')].filter(
      (element) => element !== brand && visible(element),
    );
    const toggleLabels: string[] = [labels.toLight, labels.toDark];
    const toggle = interactive.find((element) => toggleLabels.includes(element.getAttribute('aria-label') ?? ''));
    const ink = (element: HTMLElement) => {
      const icon = [...element.querySelectorAll('svg')].find(visible);
      if (icon) return getComputedStyle(icon).color;
      const lines = element.firstElementChild;
      return lines ? getComputedStyle(lines, '::before').backgroundColor : getComputedStyle(element).color;
    };
    const headerStyle = getComputedStyle(header);
    return {
      height: header.getBoundingClientRect().height,
      background: headerStyle.backgroundColor,
      border: headerStyle.borderBottom,
      brand: {
        box: box(brand.getBoundingClientRect()),
        text: box(range.getBoundingClientRect()),
        icon: box(icon?.getBoundingClientRect() ?? new DOMRect()),
        drawing: drawing(icon),
        iconPaths: paths(icon),
        color: getComputedStyle(brand).color,
        font: `${textStyle.fontWeight} ${textStyle.fontSize}/${textStyle.lineHeight} ${textStyle.fontFamily}`,
      },
      parts: interactive.map((element) => {
        const style = getComputedStyle(element);
        return {
          name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
          box: box(element.getBoundingClientRect()),
          color: style.color,
          background: style.backgroundColor,
          ink: ink(element),
          current: element.getAttribute('aria-current') === 'page',
        };
      }),
      toggleIconPaths: [...(toggle?.querySelectorAll('svg') ?? [])].filter(visible).flatMap(paths),
      toggleDrawing: drawing([...(toggle?.querySelectorAll('svg') ?? [])].find(visible)),
    };
  }, siteHeader);
}

function expectBoxClose(actual: Box, expected: Box, label: string) {
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    expect(
      Math.abs(actual[key] - expected[key]),
      `${label}: ${key} ${actual[key]} vs ${expected[key]}`,
    ).toBeLessThanOrEqual(1.5);
  }
}

/** The static header against the app's: boxes within a pixel and a half, colours, fonts and icons the same. */
function expectSameHeader(staticHeader: HeaderMeasures, app: HeaderMeasures) {
  expect(
    Math.abs(staticHeader.height - app.height),
    `header height ${staticHeader.height} vs ${app.height}`,
  ).toBeLessThanOrEqual(1);
  expect(staticHeader.background).toBe(app.background);
  expect(staticHeader.border).toBe(app.border);
  expectBoxClose(staticHeader.brand.box, app.brand.box, 'brand');
  expectBoxClose(staticHeader.brand.text, app.brand.text, 'brand text');
  expectBoxClose(staticHeader.brand.icon, app.brand.icon, 'brand icon');
  expectBoxClose(staticHeader.brand.drawing, app.brand.drawing, 'brand icon drawing');
  expectBoxClose(staticHeader.toggleDrawing, app.toggleDrawing, 'toggle icon drawing');
  expect(staticHeader.brand.iconPaths).toEqual(app.brand.iconPaths);
  expect(staticHeader.brand.color).toBe(app.brand.color);
  expect(staticHeader.brand.font).toBe(app.brand.font);
  expect(staticHeader.parts.map((part) => part.name)).toEqual(app.parts.map((part) => part.name));
  staticHeader.parts.forEach((part, index) => {
    const other = app.parts[index];
    if (!other) return;
    expectBoxClose(part.box, other.box, part.name);
    const { box: _box, ...looks } = part;
    const { box: _otherBox, ...otherLooks } = other;
    expect(looks).toEqual(otherLooks);
  });
  expect(staticHeader.toggleIconPaths).toEqual(app.toggleIconPaths);
}

/** The static copy with its script bound (the login form's buttons are enabled once public-entry.ts has run). */
async function openStaticStartPage(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('button', { name: startPage.login.submit })).toBeEnabled();
  await expect(page.locator('#root .pp')).toHaveCount(1);
}

/** "Registrieren" loads the app, which replaces the static copy. */
async function loadAppWithRegistration(page: Page) {
  await page.getByRole('button', { name: startPage.login.register }).click();
  await expect(page.getByRole('heading', { level: 1, name: startPage.login.register })).toBeVisible();
  await expect(page.locator('#root .pp')).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Wird geladen' })).toHaveCount(0);
}

/** A picture of the header for a person to compare (test-results), once the menu button's morph has ended. */
async function screenshotHeader(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const width = page.viewportSize()?.width ?? 0;
  const height = await page
    .locator('#root header')
    .evaluate((header) => Math.ceil(header.getBoundingClientRect().height) + 8);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), clip: { x: 0, y: 0, width, height } });
}

/** Issue 26's bar for every screen: no axe violation, no target under 44 × 44 px (at 360 and at 1280 px). */
async function audit(page: Page, label: string) {
  expect.soft(await axeViolations(page), `axe on ${label}`).toEqual([]);
  expect.soft(await smallTouchTargets(page), `small targets on ${label}`).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await listenForCspViolations(page);
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [360, 1280] as const) {
    test.describe(`${colorScheme}, ${width} px`, () => {
      test.use({ colorScheme, viewport: { width, height: 800 } });

      test('the static header is the app’s: "Registrieren" loads the app without changing it', async ({ page }) => {
        await openStaticStartPage(page);
        const staticHeader = await measureHeader(page);
        await screenshotHeader(page, 'static');
        // What a visitor sees: the brand, and the links (from 48em) or the toggle and the menu button (phones).
        const expected =
          width < 768
            ? [colorScheme === 'dark' ? siteHeader.toLight : siteHeader.toDark, siteHeader.openMenu]
            : [
                ...siteHeader.links.map((link) => link.label),
                colorScheme === 'dark' ? siteHeader.toLight : siteHeader.toDark,
              ];
        expect(staticHeader.parts.map((part) => part.name)).toEqual(expected);
        expect(staticHeader.height).toBe(61);

        await loadAppWithRegistration(page);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        const app = await measureHeader(page);
        await screenshotHeader(page, 'app');
        expectSameHeader(staticHeader, app);
        await expectNoCspViolations(page, 'static start page and the app');
      });

      test('the static page has no axe violations and no small targets, with the menu open too', async ({ page }) => {
        await openStaticStartPage(page);
        await audit(page, 'the static start page');
        if (width < 768) {
          await page.getByRole('button', { name: siteHeader.openMenu }).click();
          await audit(page, 'the static start page, menu open');
        }
        await expectNoCspViolations(page, 'static start page');
      });
    });
  }
}

test.describe('on a phone', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 360, height: 800 } });

  test('the menu button opens and closes the stacked navigation, as the app’s does', async ({ page }) => {
    await page.goto('/about');
    const button = page.getByRole('button', { name: siteHeader.openMenu });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // On a phone the links are in the closed menu: no navigation to see.
    await expect(page.getByRole('navigation', { name: siteHeader.navigation })).toHaveCount(0);
    await button.click();
    const closeButton = page.getByRole('button', { name: siteHeader.closeMenu });
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: siteHeader.navigation });
    await expect(menu.getByRole('link')).toHaveText(siteHeader.links.map((link) => link.label));
    await expect(menu.getByRole('link', { name: 'Informationen' })).toHaveAttribute('aria-current', 'page');
    await closeButton.click();
    await expect(menu).toHaveCount(0);
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // Open, the static menu is the app's: same height, links in the same places and colours.
    await button.click();
    await menu.getByRole('link', { name: 'Startseite' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: startPage.login.submit })).toBeEnabled();
    await page.getByRole('button', { name: siteHeader.openMenu }).click();
    await screenshotHeader(page, 'static-menu');
    const staticMenu = await measureHeader(page);
    expect(staticMenu.parts.map((part) => part.name)).toEqual([
      siteHeader.toLight,
      siteHeader.closeMenu,
      ...siteHeader.links.map((link) => link.label),
    ]);
    await loadAppWithRegistration(page);
    await page.getByRole('button', { name: siteHeader.openMenu }).click();
    await expect(page.getByRole('button', { name: siteHeader.closeMenu })).toHaveAttribute('aria-expanded', 'true');
    await screenshotHeader(page, 'app-menu');
    expectSameHeader(staticMenu, await measureHeader(page));
    await expectNoCspViolations(page, 'menu');
  });

  test('the colour toggle switches the static page, remembers the choice, and the app keeps it', async ({ page }) => {
    await openStaticStartPage(page);
    const brand = page.getByRole('link', { name: siteHeader.home });
    await expect(brand).toHaveCSS('color', 'rgb(236, 119, 119)');
    await page.getByRole('button', { name: siteHeader.toLight }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(brand).toHaveCSS('color', 'rgb(200, 26, 27)');
    await expect(page.locator('.pp')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(page.getByRole('button', { name: siteHeader.toDark })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), COLOR_SCHEME_KEY)).toBe('light');

    // The choice outlasts a reload (the system still asks for dark) and the app opens in it.
    await openStaticStartPage(page);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(brand).toHaveCSS('color', 'rgb(200, 26, 27)');
    const staticHeader = await measureHeader(page);
    await loadAppWithRegistration(page);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    expectSameHeader(staticHeader, await measureHeader(page));

    // Back in the app's own toggle: dark again, and the static page follows.
    await page.getByRole('button', { name: siteHeader.toDark }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await openStaticStartPage(page);
    await expect(brand).toHaveCSS('color', 'rgb(236, 119, 119)');
    await expect(page.getByRole('button', { name: siteHeader.toLight })).toBeVisible();
    await expectNoCspViolations(page, 'colour toggle');
  });
});

test.describe('on a desktop in light', () => {
  test.use({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });

  test('a choice stored by the app wins over the system, on every public page', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'dark'), COLOR_SCHEME_KEY);
    for (const path of ['/', '/about', '/legal', '/donate']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expect(page.locator('.pp')).toHaveCSS('background-color', 'rgb(36, 36, 36)');
      await expect(page.getByRole('link', { name: siteHeader.home })).toHaveCSS('color', 'rgb(236, 119, 119)');
      await expect(page.getByRole('button', { name: siteHeader.toLight })).toBeVisible();
    }
    await page.getByRole('button', { name: siteHeader.toLight }).click();
    await expect(page.locator('.pp')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expectNoCspViolations(page, 'stored choice');
  });
});
