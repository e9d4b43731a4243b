import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BackupSection } from '../db/backup-section.js';
import type { FrameworkErrorClaim } from '../http/framework-errors.js';

/** A plugin registered without options: a repository, or the routes of a module (zod-typed or plain). */
export type Plugin = FastifyPluginAsync | FastifyPluginAsyncZod;

/**
 * What one module folder brings to the app, declared in its `index.ts` (docs/decisions/0056): the registry finds the
 * folders (`modules/registry.generated.ts`, written by `scripts/generate-module-registry.mjs`) and registers what they
 * declare, so adding a module is adding its folder.
 */
export interface AppModule {
  /**
   * Repositories and the other named plugins of the module (db/repository.ts): registered after the repositories
   * they declare as dependencies, whatever the folders' order (`inDependencyOrder`).
   */
  repositories?: readonly Plugin[];
  /** Route plugins of the `/api` scope (authenticated unless a route declares `security: []`). */
  routes?: readonly Plugin[];
  /** Pages outside `/api` that open without an account. */
  pages?: readonly Plugin[];
  /** Paths that answer the router's refusals (broken encoding, over-long segments) their own way. */
  frameworkErrorClaims?: readonly FrameworkErrorClaim[];
  /**
   * The backup's sections of the module's data (db/backup-section.ts), built once every repository is registered
   * (the routes' section needs the station index and the network).
   */
  backupSections?: (app: FastifyInstance) => readonly BackupSection[];
}

/** A module's declaration, checked (its `index.ts`: `export default defineModule({ … })`). */
export function defineModule(module: AppModule): AppModule {
  return module;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's modules, as the registry found them (and a test's own, `BuildOptions.modules`). */
    appModules: readonly AppModule[];
  }
}

/** Decorates the app with its modules, before any repository: the backup reads its sections from them. */
export const appModulesPlugin = (modules: readonly AppModule[]) =>
  fp(
    async (app) => {
      app.decorate('appModules', modules);
    },
    { name: 'appModules' },
  );

/** The name and declared dependencies a plugin was given by fastify-plugin (`fp(…, { name, dependencies })`). */
function metaOf(plugin: Plugin): { name?: string; dependencies: readonly string[] } {
  const meta = (plugin as unknown as Record<symbol, { name?: string; dependencies?: string[] } | undefined>)[
    Symbol.for('plugin-meta')
  ];
  return { name: meta?.name, dependencies: meta?.dependencies ?? [] };
}

/**
 * The plugins in an order that registers each after the plugins it declares as dependencies, otherwise as given
 * (a stable topological sort). Dependencies outside the list (`db`, registered before) are left to fastify-plugin,
 * which fails the start for one that is missing; a cycle fails here.
 */
export function inDependencyOrder(plugins: readonly Plugin[]): Plugin[] {
  const byName = new Map<string, Plugin>();
  for (const plugin of plugins) {
    const { name } = metaOf(plugin);
    if (name !== undefined) byName.set(name, plugin);
  }
  const ordered: Plugin[] = [];
  const state = new Map<Plugin, 'visiting' | 'done'>();
  const visit = (plugin: Plugin) => {
    if (state.get(plugin) === 'done') return;
    if (state.get(plugin) === 'visiting') throw new Error(`plugin ${metaOf(plugin).name} depends on itself`);
    state.set(plugin, 'visiting');
    for (const dependency of metaOf(plugin).dependencies) {
      const required = byName.get(dependency);
      if (required) visit(required);
    }
    state.set(plugin, 'done');
    ordered.push(plugin);
  };
  plugins.forEach(visit);
  return ordered;
}
