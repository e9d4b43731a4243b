import { defineModule } from '../app-module.js';
import stationsPlugin from './stations.plugin.js';
import stationsRepository from './stations.repository.js';
import stationsRoutes from './stations.routes.js';

/** The station data set (db-stations) and its search. */
export default defineModule({
  repositories: [stationsPlugin, stationsRepository],
  routes: [stationsRoutes],
});
