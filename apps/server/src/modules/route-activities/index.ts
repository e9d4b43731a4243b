import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { routeActivitySchemas } from '@streckenpass/contract/route-activities';
import { crudRoutes } from '../../http/crud-routes.js';
import { defineModule } from '../app-module.js';
import routeActivitiesRepository, { routeActivitiesSection } from './route-activities.repository.js';

/** The drives (route activities), an owned record kind. */
export default defineModule({
  repositories: [routeActivitiesRepository],
  routes: [
    crudRoutes(RECORD_KINDS.route_activities, routeActivitySchemas, (app) => app.routeActivitiesRepository, {
      tag: 'Streckenkunde',
      order: 'neueste (höchste id) zuerst',
      createVerb: 'erfassen',
      create:
        'Die Strecken aus `acquiredRoutes` wurden am `acquiredAt` befahren; das Datum darf nicht nach heute liegen ' +
        '(Zeitzone der Anwendung). `acquiredUntil` (einschließlich) ist ohne Angabe `acquiredAt` + 364 Tage und darf ' +
        'nicht davor liegen. `owner` darf nur das eigene Konto sein. `way` sagt, wie die Fahrt gemacht wurde ' +
        '(driven = selbst gefahren, escorted = begleitet, cab_ride = Mitfahrt im Führerraum, route_film, simulator, ' +
        'line_walk = Begehung; ohne Angabe driven), `time` die Uhrzeit (HH:MM, Zeitzone der Anwendung), `direction` ' +
        'die Richtung entlang der Strecke(n). `dark` berechnet der Server aus Tag, Uhrzeit und den Betriebsstellen der ' +
        'Strecke (Sonne unter −6°, bürgerliche Dämmerung). Nur Fahrten, deren Art die Regel der Strecke (sonst die ' +
        'des Kontos, `keepingWays`) zählt, erhalten die Gültigkeit.',
      update:
        '`acquiredRoutes` ersetzt die Strecken. Danach darf `acquiredUntil` nicht vor `acquiredAt` liegen; ein ' +
        'geändertes `acquiredAt` darf nicht nach heute liegen.',
      remove: 'Ihre Fahrzeugaktivitäten werden mit gelöscht.',
    }),
  ],
  backupSections: (app) => [routeActivitiesSection(app)],
});
