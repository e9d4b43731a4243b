import type { RouteOptions } from 'fastify';

type RouteHookName = 'onRequest' | 'preParsing' | 'preHandler' | 'onSend' | 'onResponse' | 'onRequestAbort';

/**
 * Adds a hook to one route (from an `onRoute` hook), after the route's own hooks of that stage. A plugin whose hook
 * matters only for some routes (heavy operations, POST with an Idempotency-Key, lists with an ETag) attaches it to
 * those, so that every other request does not pay a turn of Fastify's hook runner for a hook that returns at once
 * (issue 30: the request path to the stack's ceiling).
 */
export function addRouteHook(route: RouteOptions, name: RouteHookName, hook: (...args: never[]) => unknown): void {
  const hooks = route as unknown as Record<RouteHookName, unknown>;
  const existing = hooks[name];
  hooks[name] = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
}

/** Whether a route answers `method` (a route may declare several methods). */
export function routeHasMethod(route: RouteOptions, method: string): boolean {
  return Array.isArray(route.method) ? route.method.includes(method as never) : route.method === method;
}
