import { defineModule } from '../app-module.js';
import routeActivitiesRepository, { routeActivitiesSection } from './route-activities.repository.js';
import routeActivitiesRoutes from './route-activities.routes.js';

/** The drives (route activities), an owned record kind. */
export default defineModule({
  repositories: [routeActivitiesRepository],
  routes: [routeActivitiesRoutes],
  backupSections: () => [routeActivitiesSection],
});
