import { defineModule } from '../app-module.js';
import networkCachePlugin from './network-cache.plugin.js';
import networkGeometryRoutes from './network-geometry.routes.js';
import networkRepository from './network.repository.js';
import networkRoutes from './network.routes.js';

/** The rail network (issue 29, decision 0051). */
export default defineModule({
  repositories: [networkRepository, networkCachePlugin],
  routes: [networkRoutes, networkGeometryRoutes],
});
