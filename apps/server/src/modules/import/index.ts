import { defineModule } from '../app-module.js';
import importRepository from './import.repository.js';
import importRoutes from './import.routes.js';

/** The CSV import (decision 0027). */
export default defineModule({
  repositories: [importRepository],
  routes: [importRoutes],
});
