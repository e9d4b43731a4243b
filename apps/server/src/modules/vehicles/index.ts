import { defineModule } from '../app-module.js';
import vehiclesRepository, { vehiclesSection } from './vehicles.repository.js';
import vehiclesRoutes from './vehicles.routes.js';

/** The vehicles, an owned record kind. */
export default defineModule({
  repositories: [vehiclesRepository],
  routes: [vehiclesRoutes],
  backupSections: () => [vehiclesSection],
});
