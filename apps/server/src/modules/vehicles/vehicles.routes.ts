import { createVehicleSchema, updateVehicleSchema, vehicleSchema } from '@streckenpass/contract/vehicles';
import { crudRoutes } from '../../http/crud-routes.js';

export default crudRoutes({
  path: '/vehicles',
  tags: ['Fahrzeuge'],
  what: 'Fahrzeug',
  schemas: { item: vehicleSchema, create: createVehicleSchema, update: updateVehicleSchema },
  repository: (app) => app.vehiclesRepository,
  docs: {
    list: { summary: 'Eigene Fahrzeuge, sortiert nach Name' },
    create: { summary: 'Fahrzeug anlegen', description: '`owner` darf nur das eigene Konto sein.' },
    get: { summary: 'Ein eigenes Fahrzeug' },
    update: { summary: 'Fahrzeug umbenennen (JSON Merge Patch)' },
    remove: { summary: 'Fahrzeug löschen', description: 'Entfernt das Fahrzeug auch aus den Fahrzeug-Aktivitäten.' },
  },
});
