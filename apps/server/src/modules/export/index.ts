import { defineModule } from '../app-module.js';
import exportRepository from './export.repository.js';
import exportRoutes from './export.routes.js';
import exportService from './export.service.js';

/** The CSV and PDF export. */
export default defineModule({
  repositories: [exportRepository, exportService],
  routes: [exportRoutes],
});
