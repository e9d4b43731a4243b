import { defineModule } from '../app-module.js';
import versionRoutes from './version.routes.js';

/** The version and the changelog. */
export default defineModule({
  routes: [versionRoutes],
});
