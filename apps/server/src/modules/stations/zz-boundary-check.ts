import { sql } from 'drizzle-orm';
import { routes } from '../../db/schema.js';
import { parseImport } from '../import/csv-import.js';

export const violations = [routes, sql, parseImport, new Date().toLocaleString('de-DE'), new Intl.DateTimeFormat('de')];
