import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import backupRepository from './backup/backup.repository.js';
import backupRoutes from './backup/backup.routes.js';
import betriebeRepository from './betriebe/betriebe.repository.js';
import betriebeRoutes from './betriebe/betriebe.routes.js';
import coverageRepository from './betriebe/coverage.repository.js';
import betriebDriverRepository from './betriebe/driver.repository.js';
import betriebDriverRoutes from './betriebe/driver.routes.js';
import matrixRepository from './betriebe/matrix.repository.js';
import matrixRoutes from './betriebe/matrix.routes.js';
import requirementsRepository from './betriebe/requirements.repository.js';
import requirementsRoutes from './betriebe/requirements.routes.js';
import cronjobRoutes from './cronjob/cronjob.routes.js';
import expiringRepository from './expiring/expiring.repository.js';
import expiringRoutes from './expiring/expiring.routes.js';
import exportRepository from './export/export.repository.js';
import exportRoutes from './export/export.routes.js';
import healthRoutes from './health/health.routes.js';
import importRepository from './import/import.repository.js';
import importRoutes from './import/import.routes.js';
import railNetworkCachePlugin from './network/network-cache.plugin.js';
import railNetworkRepository from './network/network.repository.js';
import networkGeometryRoutes from './network/network-geometry.routes.js';
import networkRoutes from './network/network.routes.js';
import proofsRepository from './proofs/proofs.repository.js';
import proofsRoutes from './proofs/proofs.routes.js';
import verificationRoutes, { isProofPath, sendProofUnknown } from './proofs/verification.routes.js';
import calendarFeedRoutes from './notifications/calendar-feed.routes.js';
import notificationsRepository from './notifications/notifications.repository.js';
import notificationsRoutes from './notifications/notifications.routes.js';
import routeActivitiesRepository from './route-activities/route-activities.repository.js';
import routeActivitiesRoutes from './route-activities/route-activities.routes.js';
import routePathsPlugin from './routes/route-paths.js';
import routesRepository from './routes/routes.repository.js';
import routesRoutes from './routes/routes.routes.js';
import shareLinksRepository from './share-links/share-links.repository.js';
import shareLinksRoutes from './share-links/share-links.routes.js';
import sharedProofRoutes, { isSharePath, sendShareNotFound } from './share-links/shared-proof.routes.js';
import stationsPlugin from './stations/stations.plugin.js';
import stationsRepository from './stations/stations.repository.js';
import stationsRoutes from './stations/stations.routes.js';
import toursRepository from './tours/tours.repository.js';
import toursRoutes from './tours/tours.routes.js';
import accountRoutes from './users/account.routes.js';
import authenticationRoutes from './users/authentication.routes.js';
import usersRepository from './users/users.repository.js';
import vehicleActivitiesRepository from './vehicle-activities/vehicle-activities.repository.js';
import vehicleActivitiesRoutes from './vehicle-activities/vehicle-activities.routes.js';
import vehiclesRepository from './vehicles/vehicles.repository.js';
import vehiclesRoutes from './vehicles/vehicles.routes.js';
import versionRoutes from './version/version.routes.js';

/*
 * What the app is made of, in the order app.ts registers it (docs/decisions/0035-server-registry.md). A new module
 * adds its repository and its routes here; registry.test.ts fails for a `*.repository.ts` or `*.routes.ts` that is
 * in no list.
 */

/** A plugin registered without options: a repository, or the routes of a module (zod-typed or plain). */
type Plugin = FastifyPluginAsync | FastifyPluginAsyncZod;

/**
 * The station data set, then every repository (named plugins, db/repository.ts), each after the repositories it
 * declares as dependencies: a missing or misordered one fails the start, not the first request.
 */
export const repositories: readonly Plugin[] = [
  stationsPlugin,
  settingsRepository,
  authTokensRepository,
  dataVersionsRepository,
  idempotencyKeysRepository,
  usersRepository,
  // The network before the routes: a route gets its path on the network when it is written (decision 0051).
  railNetworkRepository,
  railNetworkCachePlugin,
  routePathsPlugin,
  routesRepository,
  stationsRepository,
  toursRepository,
  vehiclesRepository,
  // Before the route activities: deleting a drive deletes its vehicle activities, whose history it writes.
  vehicleActivitiesRepository,
  routeActivitiesRepository,
  notificationsRepository,
  betriebeRepository,
  requirementsRepository,
  coverageRepository,
  matrixRepository,
  betriebDriverRepository,
  backupRepository,
  shareLinksRepository,
  proofsRepository,
  heavyOperationsRepository,
  expiringRepository,
  exportRepository,
  importRepository,
  weeklyReportsRepository,
  coverageAlertsRepository,
  remindersRepository,
  pushTargetsRepository,
];

/**
 * The route plugins of the `/api` scope (authenticated unless a route declares `security: []`, see http/api-scope.ts).
 * Static paths win over parameters whatever the order (`/routes/expiring` before `/routes/:id`).
 */
export const apiRoutes: readonly Plugin[] = [
  healthRoutes,
  authenticationRoutes,
  accountRoutes,
  routeActivitiesRoutes,
  expiringRoutes,
  vehicleActivitiesRoutes,
  versionRoutes,
  routesRoutes,
  toursRoutes,
  vehiclesRoutes,
  exportRoutes,
  cronjobRoutes,
  notificationsRoutes,
  calendarFeedRoutes,
  stationsRoutes,
  backupRoutes,
  importRoutes,
  shareLinksRoutes,
  proofsRoutes,
  betriebeRoutes,
  requirementsRoutes,
  matrixRoutes,
  betriebDriverRoutes,
  networkRoutes,
  networkGeometryRoutes,
];

/**
 * Pages outside `/api` that open without an account: a share link's server-rendered proof and its PDF, the
 * verification of issued documents and their public keys.
 */
export const pageRoutes: readonly Plugin[] = [sharedProofRoutes, verificationRoutes];

/** Paths that answer the router's refusals (broken encoding, over-long segments) their own way. */
export const frameworkErrorClaims: readonly FrameworkErrorClaim[] = [
  // A share path answers the uniform 404 of unknown links, whatever its characters.
  { matches: isSharePath, send: sendShareNotFound },
  // So does a verification path: the answer of an unknown code.
  { matches: isProofPath, send: sendProofUnknown },
];
