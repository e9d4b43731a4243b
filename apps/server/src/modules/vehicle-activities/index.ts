import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { vehicleActivitySchemas } from '@streckenpass/contract/vehicle-activities';
import { crudRoutes } from '../../http/crud-routes.js';
import { defineModule } from '../app-module.js';
import vehicleActivitiesRepository, { vehicleActivitiesSection } from './vehicle-activities.repository.js';

/** The vehicles of a drive (vehicle activities), an owned record kind. */
export default defineModule({
  repositories: [vehicleActivitiesRepository],
  routes: [
    crudRoutes(RECORD_KINDS.vehicle_activities, vehicleActivitySchemas, (app) => app.vehicleActivitiesRepository, {
      tag: 'Streckenkunde',
      order: 'neueste (höchste id) zuerst',
      createVerb: 'erfassen',
      create:
        'Die Fahrzeuge aus `acquiredVehicles` wurden bei der Streckenaktivität `routeActivity` gefahren. ' +
        '`owner` darf nur das eigene Konto sein.',
      update:
        '`acquiredVehicles` ersetzt die Fahrzeuge, `routeActivity` ordnet die Aktivität einer anderen eigenen ' +
        'Streckenaktivität zu.',
    }),
  ],
  backupSections: () => [vehicleActivitiesSection],
});
