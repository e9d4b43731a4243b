import { createRouteSchema, routeSchema, updateRouteSchema } from '@streckenpass/contract/routes';
import { crudRoutes } from '../../http/crud-routes.js';

export default crudRoutes({
  path: '/routes',
  tags: ['Strecken'],
  what: 'Strecke',
  schemas: { item: routeSchema, create: createRouteSchema, update: updateRouteSchema },
  repository: (app) => app.routesRepository,
  docs: {
    list: { summary: 'Eigene Strecken, sortiert nach Unternehmens-Kürzel (leere zuletzt), dann Name' },
    create: {
      summary: 'Strecke anlegen',
      description:
        '`tours` ordnet die Strecke den genannten eigenen Touren zu; `owner` darf nur das eigene Konto sein.',
    },
    get: { summary: 'Eine eigene Strecke' },
    update: {
      summary: 'Strecke ändern (JSON Merge Patch)',
      description: '`companyRoute: null` löscht das Kürzel; `tours` ersetzt die Tour-Zuordnung.',
    },
    remove: { summary: 'Strecke löschen', description: 'Entfernt die Strecke auch aus ihren Touren und Aktivitäten.' },
  },
});
