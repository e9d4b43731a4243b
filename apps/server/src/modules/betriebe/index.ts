import { defineModule } from '../app-module.js';
import attestationsRepository from './attestations.repository.js';
import attestationsRoutes from './attestations.routes.js';
import attestationsService from './attestations.service.js';
import betriebeRepository from './betriebe.repository.js';
import betriebeRoutes from './betriebe.routes.js';
import consentRepository from './consent.repository.js';
import consentRoutes from './consent.routes.js';
import coverageRepository from './coverage.repository.js';
import depotRulesRepository from './depot-rules.repository.js';
import depotRulesRoutes from './depot-rules.routes.js';
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
import nextCheckRepository from './next-check.repository.js';
import registerRepository from './register.repository.js';
import registerRoutes from './register.routes.js';
import requirementLinksRepository from './requirement-links.repository.js';
import requirementLinksRoutes from './requirement-links.routes.js';
import requirementMatchingRepository from './requirement-matching.repository.js';
import requirementsRepository from './requirements.repository.js';
import requirementsRoutes from './requirements.routes.js';
import vehicleRequirementsRepository from './vehicle-requirements.repository.js';
import vehicleRequirementsRoutes from './vehicle-requirements.routes.js';
import vehicleMatchingRepository from './vehicle-matching.repository.js';
import whoCanDriveRepository from './who-can-drive.repository.js';

/**
 * Betriebe, their requirements, the matrix and the driver's page (issue 28, decision 0046); the attestations and the
 * register per TfV § 10 (4) (issue 41, decision 0064).
 */
export default defineModule({
  repositories: [
    betriebeRepository,
    membersRepository,
    consentRepository,
    membershipChangesRepository,
    invitationsRepository,
    requirementMatchingRepository,
    vehicleMatchingRepository,
    requirementsRepository,
    depotRulesRepository,
    vehicleRequirementsRepository,
    requirementLinksRepository,
    coverageRepository,
    matrixRepository,
    matrixVehiclesRepository,
    nextCheckRepository,
    whoCanDriveRepository,
    driverRepository,
    matrixService,
    attestationsRepository,
    attestationsService,
    registerRepository,
  ],
  routes: [
    betriebeRoutes,
    consentRoutes,
    invitationsRoutes,
    requirementsRoutes,
    depotRulesRoutes,
    requirementLinksRoutes,
    vehicleRequirementsRoutes,
    matrixRoutes,
    driverRoutes,
    attestationsRoutes,
    registerRoutes,
  ],
});
