import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { vehicleSchemas } from '@streckenpass/contract/vehicles';
import { crudRoutes } from '../../http/crud-routes.js';
import { defineModule } from '../app-module.js';
import vehiclesRepository, { vehiclesSection } from './vehicles.repository.js';

/** The vehicles, an owned record kind. */
export default defineModule({
  repositories: [vehiclesRepository],
  routes: [
    crudRoutes(RECORD_KINDS.vehicles, vehicleSchemas, (app) => app.vehiclesRepository, {
      order: 'sortiert nach Name',
      create: '`owner` darf nur das eigene Konto sein.',
      updateVerb: 'umbenennen',
      remove: 'Entfernt das Fahrzeug auch aus den Fahrzeug-Aktivitäten.',
    }),
  ],
  backupSections: () => [vehiclesSection],
});
