import { defineModule } from '../app-module.js';
import calendarFeedRoutes from './calendar-feed.routes.js';
import notificationsRepository from './notifications.repository.js';
import notificationsRoutes from './notifications.routes.js';

/** Reminder settings, push subscriptions and the calendar feed (issue 16). */
export default defineModule({
  repositories: [notificationsRepository],
  routes: [notificationsRoutes, calendarFeedRoutes],
});
