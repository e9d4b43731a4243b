import {
  createRouteActivitySchema,
  routeActivitySchema,
  updateRouteActivitySchema,
} from '@streckenpass/contract/route-activities';
import { crudRoutes } from '../../http/crud-routes.js';

export default crudRoutes({
  path: '/route_activities',
  tags: ['Streckenkunde'],
  what: 'Streckenaktivität',
  schemas: { item: routeActivitySchema, create: createRouteActivitySchema, update: updateRouteActivitySchema },
  repository: (app) => app.routeActivitiesRepository,
  docs: {
    list: { summary: 'Eigene Streckenaktivitäten, neueste (höchste id) zuerst' },
    create: {
      summary: 'Streckenaktivität erfassen',
      description:
        'Die Strecken aus `acquiredRoutes` wurden am `acquiredAt` befahren; das Datum darf nicht nach heute liegen ' +
        '(Zeitzone der Anwendung). `acquiredUntil` (einschließlich) ist ohne Angabe `acquiredAt` + 364 Tage und darf ' +
        'nicht davor liegen. `owner` darf nur das eigene Konto sein.',
    },
    get: { summary: 'Eine eigene Streckenaktivität' },
    update: {
      summary: 'Streckenaktivität ändern (JSON Merge Patch)',
      description:
        '`acquiredRoutes` ersetzt die Strecken. Danach darf `acquiredUntil` nicht vor `acquiredAt` liegen; ein ' +
        'geändertes `acquiredAt` darf nicht nach heute liegen.',
    },
    remove: { summary: 'Streckenaktivität löschen', description: 'Ihre Fahrzeugaktivitäten werden mit gelöscht.' },
  },
});
