import { routeSchemas } from '@streckenpass/contract/routes';
import { crudRoutes } from '../../http/crud-routes.js';

export default crudRoutes('routes', routeSchemas, (app) => app.routesRepository, {
  order: 'sortiert nach Kürzel (leere zuletzt), dann Name',
  create: '`tours` ordnet die Strecke den genannten eigenen Touren zu; `owner` darf nur das eigene Konto sein.',
  update: '`companyRoute: null` löscht das Kürzel; `tours` ersetzt die Tour-Zuordnung.',
  remove: 'Entfernt die Strecke auch aus ihren Touren und Aktivitäten.',
});
