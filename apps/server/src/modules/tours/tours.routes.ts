import { createTourSchema, tourSchema, updateTourSchema } from '@streckenpass/contract/tours';
import { crudRoutes } from '../../http/crud-routes.js';

export default crudRoutes({
  path: '/tours',
  tags: ['Touren'],
  what: 'Tour',
  schemas: { item: tourSchema, create: createTourSchema, update: updateTourSchema },
  repository: (app) => app.toursRepository,
  docs: {
    list: { summary: 'Eigene Touren, sortiert nach Name' },
    create: {
      summary: 'Tour anlegen',
      description: 'Eine Tour fasst mindestens zwei verschiedene eigene Strecken zusammen.',
    },
    get: { summary: 'Eine eigene Tour' },
    update: { summary: 'Tour ändern (JSON Merge Patch)', description: '`routes` ersetzt die Strecken der Tour.' },
    remove: { summary: 'Tour löschen', description: 'Die Strecken der Tour bleiben erhalten.' },
  },
});
