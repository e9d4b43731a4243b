import { defineModule } from '../app-module.js';
import expiringRepository from './expiring.repository.js';
import expiringRoutes from './expiring.routes.js';

/** The expiring routes and vehicles. */
export default defineModule({
  repositories: [expiringRepository],
  routes: [expiringRoutes],
});
