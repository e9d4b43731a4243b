import type { AppConfig } from '../config.js';

/**
 * Fastify's `trustProxy` from TRUST_PROXY (config.ts): a hop count (`true` is read as 1) trusts that many proxies in
 * front of the app, nearest first; false and a list of proxy addresses pass through as Fastify reads them.
 */
export function trustProxy(setting: AppConfig['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
