import { defineModule } from '../app-module.js';
import cronjobRoutes from './cronjob.routes.js';

/** The reminder run triggered from outside (`GET /api/cronjob/reminders/{key}`). */
export default defineModule({
  routes: [cronjobRoutes],
});
