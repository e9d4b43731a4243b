import { defineModule } from '../app-module.js';
import betriebeRepository from './betriebe.repository.js';
import betriebeRoutes from './betriebe.routes.js';
import coverageRepository from './coverage.repository.js';
import driverRepository from './driver.repository.js';
import driverRoutes from './driver.routes.js';
import invitationsRepository from './invitations.repository.js';
import invitationsRoutes from './invitations.routes.js';
import matrixRepository from './matrix.repository.js';
import matrixVehiclesRepository from './matrix-vehicles.repository.js';
import matrixRoutes from './matrix.routes.js';
import matrixService from './matrix.service.js';
import membersRepository from './members.repository.js';
import membershipChangesRepository from './membership-changes.repository.js';
import requirementLinksRepository from './requirement-links.repository.js';
import requirementLinksRoutes from './requirement-links.routes.js';
import requirementMatchingRepository from './requirement-matching.repository.js';
import requirementsRepository from './requirements.repository.js';
import requirementsRoutes from './requirements.routes.js';
import vehicleRequirementsRepository from './vehicle-requirements.repository.js';
import vehicleRequirementsRoutes from './vehicle-requirements.routes.js';
import whoCanDriveRepository from './who-can-drive.repository.js';

/** Betriebe, their requirements, the matrix and the driver's page (issue 28, decision 0046). */
export default defineModule({
  repositories: [
    betriebeRepository,
    membersRepository,
    membershipChangesRepository,
    invitationsRepository,
    requirementMatchingRepository,
    requirementsRepository,
    vehicleRequirementsRepository,
    requirementLinksRepository,
    coverageRepository,
    matrixRepository,
    matrixVehiclesRepository,
    whoCanDriveRepository,
    driverRepository,
    matrixService,
  ],
  routes: [
    betriebeRoutes,
    invitationsRoutes,
    requirementsRoutes,
    requirementLinksRoutes,
    vehicleRequirementsRoutes,
    matrixRoutes,
    driverRoutes,
  ],
});
