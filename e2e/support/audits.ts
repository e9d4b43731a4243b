import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Collects every Content-Security-Policy violation of the page (also those a library swallows, such as a probe for
 * `eval`): call before the first navigation, read with `cspViolations`.
 */
export async function listenForCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
      );
    });
  });
}

export async function expectNoCspViolations(page: Page, label: string): Promise<void> {
  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  expect.soft(violations, `CSP violations on ${label}`).toEqual([]);
}

/**
 * Every interactive element smaller than `min` × `min` CSS pixels. A checkbox or radio counts with its label
 * (the whole row is clickable); links inside running text are exempt (WCAG 2.5.8 "inline").
 */
export async function smallTouchTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=checkbox], [role=radio], [role=switch], [role=tab], summary';
    const problems: string[] = [];
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        '';
      return `${element.tagName.toLowerCase()} "${name.trim().slice(0, 40)}"`;
    };
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(element);
      let rect = element.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const input = element as HTMLInputElement;
      const choice = element.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio');
      if (rect.width === 0 && rect.height === 0 && !(choice && input.labels?.length)) continue;
      // A password field's <input> sits inside the visible box (with the eye button): the box is the target.
      const box = element.tagName === 'INPUT' ? element.closest('.mantine-Input-input') : null;
      if (box && box !== element) rect = box.getBoundingClientRect();
      if (choice) {
        const label = input.labels?.[0];
        if (label) {
          const area = label.closest('.mantine-Checkbox-body, .mantine-Radio-body') ?? label;
          const labelRect = area.getBoundingClientRect();
          // A visually hidden input (segmented control): the label alone is the target.
          if (rect.width === 0 || rect.height === 0) rect = labelRect;
          const left = Math.min(rect.left, labelRect.left);
          const top = Math.min(rect.top, labelRect.top);
          rect = new DOMRect(
            left,
            top,
            Math.max(rect.right, labelRect.right) - left,
            Math.max(rect.bottom, labelRect.bottom) - top,
          );
        }
      }
      if (element.tagName === 'A' && style.display === 'inline') {
        const block = element.parentElement;
        const ownText = (element.textContent ?? '').trim().length;
        if (block && (block.textContent ?? '').trim().length > ownText) continue;
      }
      if (rect.width + 0.5 < min || rect.height + 0.5 < min) {
        problems.push(`${describe(element)} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
    }
    return problems;
  }, min);
}

/**
 * Texts cut or outside the viewport, measured (issue 40): every visible element with text of its own whose content is
 * wider than its box (an ellipsis, a clipped label) or that reaches beyond the viewport's sides, outside any
 * sideways-scrolling area. One line each: the element and its text.
 */
export async function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!own || element.closest('[aria-hidden="true"], [inert], script, style, noscript')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Visually hidden text (for screen readers) is 1 × 1 px by design.
      if (rect.width <= 1 && rect.height <= 1) continue;
      const label = `${element.tagName.toLowerCase()} "${own.slice(0, 40)}"`;
      if (element.scrollWidth > element.clientWidth + 1 && style.overflowX !== 'visible') {
        problems.push(`${label} cut: ${element.scrollWidth} px of text in ${element.clientWidth} px`);
      } else if (rect.left < -1 || rect.right > width + 1) {
        problems.push(
          `${label} outside the viewport: ${Math.round(rect.left)}–${Math.round(rect.right)} of ${width} px`,
        );
      }
    }
    return problems;
  });
}

/** axe's WCAG 2.1 A and AA violations on the page, one line each: rule, impact, help and the first elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}) ${v.help} → ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}
