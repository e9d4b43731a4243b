import {
  createVehicleActivitySchema,
  updateVehicleActivitySchema,
  vehicleActivitySchema,
} from '@streckenpass/contract/vehicle-activities';
import { crudRoutes } from '../../http/crud-routes.js';

export default crudRoutes({
  path: '/vehicle_activities',
  tags: ['Streckenkunde'],
  what: 'Fahrzeugaktivität',
  schemas: { item: vehicleActivitySchema, create: createVehicleActivitySchema, update: updateVehicleActivitySchema },
  repository: (app) => app.vehicleActivitiesRepository,
  docs: {
    list: { summary: 'Eigene Fahrzeugaktivitäten, neueste (höchste id) zuerst' },
    create: {
      summary: 'Fahrzeugaktivität erfassen',
      description:
        'Die Fahrzeuge aus `acquiredVehicles` wurden bei der Streckenaktivität `routeActivity` gefahren. ' +
        '`owner` darf nur das eigene Konto sein.',
    },
    get: { summary: 'Eine eigene Fahrzeugaktivität' },
    update: {
      summary: 'Fahrzeugaktivität ändern (JSON Merge Patch)',
      description:
        '`acquiredVehicles` ersetzt die Fahrzeuge, `routeActivity` ordnet die Aktivität einer anderen eigenen ' +
        'Streckenaktivität zu.',
    },
    remove: { summary: 'Fahrzeugaktivität löschen' },
  },
});
