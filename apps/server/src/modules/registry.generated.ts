// Written by scripts/generate-module-registry.mjs from the folders of src/modules (each with an index.ts): do not
// edit; run `npm run generate:modules -w apps/server` after adding or removing a module folder.
import type { AppModule } from './app-module.js';
import backupModule from './backup/index.js';
import betriebeModule from './betriebe/index.js';
import cronjobModule from './cronjob/index.js';
import expiringModule from './expiring/index.js';
import exportModule from './export/index.js';
import healthModule from './health/index.js';
import importModule from './import/index.js';
import networkModule from './network/index.js';
import notificationsModule from './notifications/index.js';
import proofsModule from './proofs/index.js';
import routeActivitiesModule from './route-activities/index.js';
import routesModule from './routes/index.js';
import shareLinksModule from './share-links/index.js';
import stationsModule from './stations/index.js';
import toursModule from './tours/index.js';
import usersModule from './users/index.js';
import vehicleActivitiesModule from './vehicle-activities/index.js';
import vehiclesModule from './vehicles/index.js';
import versionModule from './version/index.js';

/** Every module folder, in name order. */
export const foundModules: readonly AppModule[] = [
  backupModule,
  betriebeModule,
  cronjobModule,
  expiringModule,
  exportModule,
  healthModule,
  importModule,
  networkModule,
  notificationsModule,
  proofsModule,
  routeActivitiesModule,
  routesModule,
  shareLinksModule,
  stationsModule,
  toursModule,
  usersModule,
  vehicleActivitiesModule,
  vehiclesModule,
  versionModule,
];
