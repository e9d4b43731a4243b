import { defineModule } from '../app-module.js';
import routePaths from './route-paths.js';
import routePathsRepository from './route-paths.repository.js';
import routesRepository, { routesSection } from './routes.repository.js';
import routesRoutes from './routes.routes.js';

/** The routes, an owned record kind, with their paths on the rail network. */
export default defineModule({
  repositories: [routePathsRepository, routePaths, routesRepository],
  routes: [routesRoutes],
  backupSections: (app) => [routesSection(app.stations.index, app.routePaths.graph)],
});
