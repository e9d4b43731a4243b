import { users } from '../db/schema.js';

export const table = users;
