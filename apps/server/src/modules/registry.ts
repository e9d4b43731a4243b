import type { FrameworkErrorClaim } from '../http/framework-errors.js';
import coverageAlertsRepository from '../jobs/coverage-alerts.repository.js';
import pushTargetsRepository from '../jobs/push-targets.repository.js';
import remindersRepository from '../jobs/reminders.repository.js';
import weeklyReportsRepository from '../jobs/weekly-report.repository.js';
import authTokensRepository from '../repositories/auth-tokens.repository.js';
import dataVersionsRepository from '../repositories/data-versions.repository.js';
import heavyOperationsRepository from '../repositories/heavy-operations.repository.js';
import idempotencyKeysRepository from '../repositories/idempotency-keys.repository.js';
import settingsRepository from '../repositories/settings.repository.js';
import { appModulesPlugin, inDependencyOrder, type AppModule, type Plugin } from './app-module.js';
import { foundModules } from './registry.generated.js';

/*
 * What the app is made of, in the order app.ts registers it (docs/decisions/0035-server-registry.md, 0056): the
 * repositories of the cross-cutting tables and the jobs, then every module folder's `index.ts` (found by
 * `registry.generated.ts`). A module is added by adding its folder; registry.test.ts fails for a repository, service,
 * plugin or routes file that no module declares, and for a generated list that is not current.
 */

/** The repositories outside the module folders (`src/repositories`, `src/jobs`). */
const infrastructure: readonly Plugin[] = [
  settingsRepository,
  authTokensRepository,
  dataVersionsRepository,
  idempotencyKeysRepository,
  heavyOperationsRepository,
  weeklyReportsRepository,
  coverageAlertsRepository,
  remindersRepository,
  pushTargetsRepository,
];

/** The plugin lists app.ts registers. */
export interface AppParts {
  /**
   * The modules' decoration, then every repository, service and data plugin (named plugins, db/repository.ts), each
   * after those it declares as dependencies: a missing one fails the start, not the first request.
   */
  repositories: readonly Plugin[];
  /**
   * The route plugins of the `/api` scope (authenticated unless a route declares `security: []`, see
   * http/api-scope.ts). Static paths win over parameters whatever the order (`/routes/expiring` before `/routes/:id`).
   */
  apiRoutes: readonly Plugin[];
  /** Pages outside `/api` that open without an account (a share link's proof, the verification of documents). */
  pageRoutes: readonly Plugin[];
  /** Paths that answer the router's refusals (broken encoding, over-long segments) their own way. */
  frameworkErrorClaims: readonly FrameworkErrorClaim[];
}

/** The app's parts from its module folders and `extra` modules (a test's throwaway kind, `BuildOptions.modules`). */
export function assemble(extra: readonly AppModule[] = []): AppParts {
  const modules = [...foundModules, ...extra];
  return {
    repositories: [
      appModulesPlugin(modules),
      ...inDependencyOrder([...infrastructure, ...modules.flatMap((module) => module.repositories ?? [])]),
    ],
    apiRoutes: modules.flatMap((module) => module.routes ?? []),
    pageRoutes: modules.flatMap((module) => module.pages ?? []),
    frameworkErrorClaims: modules.flatMap((module) => module.frameworkErrorClaims ?? []),
  };
}

export const { repositories, apiRoutes, pageRoutes, frameworkErrorClaims } = assemble();
