/**
 * The strict Content-Security-Policy (docs/decisions/0007) allows no `eval` and only styles carrying the
 * per-response nonce. This module runs before anything else (first import of main.tsx):
 * - zod compiles fast parsers with `new Function`; even its probe for that is a CSP violation, so it runs
 *   without (`jitless`) – which must be set before the first schema is built;
 * - the dialogs' scroll lock (react-remove-scroll) injects a <style>; `get-nonce` hands it the nonce.
 */
import { setNonce } from 'get-nonce';
import { config } from 'zod/v4/core';

/** The nonce the server wrote into index.html ('' in development and tests, where the placeholder stays). */
export function cspNonce(): string {
  if (typeof document === 'undefined') return '';
  const value = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
  return value.startsWith('__') ? '' : value;
}

config({ jitless: true });
const nonce = cspNonce();
if (nonce) setNonce(nonce);
