import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser has been idle (at most `timeout` ms after the load). Work that can
 * wait – registering the service worker, whose precache downloads the whole app – then does not compete with the
 * first page's own requests on a slow connection.
 */
export function useIdleAfterLoad(timeout = 5000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const whenIdle = () => {
      if ('requestIdleCallback' in window) {
        const handle = window.requestIdleCallback(() => setIdle(true), { timeout });
        cancel = () => window.cancelIdleCallback(handle);
      } else {
        const handle = setTimeout(() => setIdle(true), 1000);
        cancel = () => clearTimeout(handle);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancel();
    };
  }, [timeout]);
  return idle;
}
