import { defineModule } from '../app-module.js';
import vehicleActivitiesRepository, { vehicleActivitiesSection } from './vehicle-activities.repository.js';
import vehicleActivitiesRoutes from './vehicle-activities.routes.js';

/** The vehicles of a drive (vehicle activities), an owned record kind. */
export default defineModule({
  repositories: [vehicleActivitiesRepository],
  routes: [vehicleActivitiesRoutes],
  backupSections: () => [vehicleActivitiesSection],
});
