import { defineModule } from '../app-module.js';
import healthRoutes from './health.routes.js';

/** Health and metrics. */
export default defineModule({
  routes: [healthRoutes],
});
