import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { tourSchemas } from '@streckenpass/contract/tours';
import { crudRoutes } from '../../http/crud-routes.js';
import { defineModule } from '../app-module.js';
import toursRepository, { toursSection } from './tours.repository.js';

/** The tours, an owned record kind. */
export default defineModule({
  repositories: [toursRepository],
  routes: [
    crudRoutes(RECORD_KINDS.tours, tourSchemas, (app) => app.toursRepository, {
      order: 'sortiert nach Name',
      create: 'Eine Tour fasst mindestens zwei verschiedene eigene Strecken zusammen.',
      update: '`routes` ersetzt die Strecken der Tour.',
      remove: 'Die Strecken der Tour bleiben erhalten.',
    }),
  ],
  backupSections: () => [toursSection],
});
