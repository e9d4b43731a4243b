import { defineModule } from '../app-module.js';
import accountRoutes from './account.routes.js';
import authenticationRoutes from './authentication.routes.js';
import usersRepository from './users.repository.js';

/** Accounts: registration, login, the account's settings and its deletion. */
export default defineModule({
  repositories: [usersRepository],
  routes: [authenticationRoutes, accountRoutes],
});
