import { defineModule } from '../app-module.js';
import backupRepository from './backup.repository.js';
import backupRoutes from './backup.routes.js';
import backupService from './backup.service.js';
import { preferencesSection } from './preferences.repository.js';

/** The account backup and restore (decision 0026): the engine, the document's settings section and its routes. */
export default defineModule({
  repositories: [backupRepository, backupService],
  routes: [backupRoutes],
  backupSections: () => [preferencesSection],
});
