import { defineModule } from '../app-module.js';
import toursRepository, { toursSection } from './tours.repository.js';
import toursRoutes from './tours.routes.js';

/** The tours, an owned record kind. */
export default defineModule({
  repositories: [toursRepository],
  routes: [toursRoutes],
  backupSections: () => [toursSection],
});
