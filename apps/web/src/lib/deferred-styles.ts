/**
 * The prerendered public pages (src/content/prerender.ts) load the app's stylesheet with `media="print"` so that
 * it does not hold back their first paint. Before the app renders, it switches them to `all` – in the head, in
 * their original place, so Mantine's injected theme variables still come after them – and waits until they are
 * loaded, so the app never shows unstyled. On index.html there are none and this resolves at once.
 */
export const DEFERRED_STYLE_ATTRIBUTE = 'data-deferred-style';

export function enableDeferredStyles(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(`link[rel="stylesheet"][${DEFERRED_STYLE_ATTRIBUTE}]`)];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.removeAttribute(DEFERRED_STYLE_ATTRIBUTE);
          link.media = 'all';
          if (link.sheet) return resolve();
          // A stylesheet that fails to load must not keep the app from starting.
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}
