import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { routeSchemas } from '@streckenpass/contract/routes';
import { crudRoutes } from '../../http/crud-routes.js';
import { defineModule } from '../app-module.js';
import routePaths from './route-paths.js';
import routePathsRepository from './route-paths.repository.js';
import routesRepository, { routesSection } from './routes.repository.js';

/** The routes, an owned record kind, with their paths on the rail network. */
export default defineModule({
  repositories: [routePathsRepository, routePaths, routesRepository],
  routes: [
    crudRoutes(RECORD_KINDS.routes, routeSchemas, (app) => app.routesRepository, {
      order: 'sortiert nach Kürzel (leere zuletzt), dann Name',
      create:
        '`tours` ordnet die Strecke den genannten eigenen Touren zu; `owner` darf nur das eigene Konto sein. Ohne `path` ' +
        'sucht der Server bei importiertem Streckennetz den kürzesten Weg zwischen Start und Ende (Bahnhofs-Kürzel oder ' +
        'als Kürzel geschriebener Ort) und speichert ihn als Streckenabschnitte; `path` speichert einen gewählten Weg. ' +
        'Bei importiertem Streckennetz liegt jeder Abschnitt auf einer Strecke des Netzes innerhalb ihrer km, und die ' +
        'Länge rechnet der Server nach (422 am Feld, z. B. `path.sections.0.line`, sonst).',
      update:
        '`companyRoute: null` löscht das Kürzel; `tours` ersetzt die Tour-Zuordnung. Ändern sich Start oder Ende ohne ' +
        '`path`, wird der Weg neu gesucht; `path: null` entfernt ihn. Ein gegebener `path` wird wie beim Anlegen am ' +
        'Streckennetz geprüft.',
      remove: 'Entfernt die Strecke auch aus ihren Touren und Aktivitäten.',
    }),
  ],
  backupSections: (app) => [routesSection(app.stations.index, app.routePaths.graph)],
});
