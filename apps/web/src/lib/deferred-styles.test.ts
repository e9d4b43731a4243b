import { describe, expect, it } from 'vitest';
import { enableDeferredStyles } from './deferred-styles';

describe('enableDeferredStyles', () => {
  it('resolves at once when the page has no deferred stylesheet (index.html)', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/a.css">';
    await expect(enableDeferredStyles()).resolves.toBeUndefined();
    expect(document.querySelector('link')?.getAttribute('media')).toBeNull();
  });

  it('switches a deferred stylesheet to all media and waits until it has loaded', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/a.css" media="print" data-deferred-style>';
    const link = document.querySelector('link')!;
    let done = false;
    const ready = enableDeferredStyles().then(() => {
      done = true;
    });
    expect(link.media).toBe('all');
    expect(link.hasAttribute('data-deferred-style')).toBe(false);
    await Promise.resolve();
    expect(done).toBe(false);
    link.dispatchEvent(new Event('load'));
    await ready;
    expect(done).toBe(true);
  });

  it('does not wait forever for a stylesheet that fails', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/a.css" media="print" data-deferred-style>';
    const ready = enableDeferredStyles();
    document.querySelector('link')!.dispatchEvent(new Event('error'));
    await expect(ready).resolves.toBeUndefined();
  });
});
