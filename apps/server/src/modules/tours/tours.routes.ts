import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { tourSchemas } from '@streckenpass/contract/tours';
import { crudRoutes } from '../../http/crud-routes.js';

export default crudRoutes(RECORD_KINDS.tours, tourSchemas, (app) => app.toursRepository, {
  order: 'sortiert nach Name',
  create: 'Eine Tour fasst mindestens zwei verschiedene eigene Strecken zusammen.',
  update: '`routes` ersetzt die Strecken der Tour.',
  remove: 'Die Strecken der Tour bleiben erhalten.',
});
