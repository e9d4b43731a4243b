import type { FastifyInstance } from 'fastify';
import { todayIn } from '@streckenpass/contract/knowledge';
import type { Selection } from '@streckenpass/contract/selection';
import type { ProofScope } from '../../export/proof-content.js';
import { createExportService } from '../export/export.service.js';
import type { LoadRecord } from './proofs.service.js';

/** The scope a document is issued for: the export's selection (empty = everything) or a share link's choice. */
export function scopeOf(selection: Selection, emptyMeansAll = true): ProofScope {
  return {
    routes: selection.routes ?? [],
    tours: selection.tours ?? [],
    vehicles: selection.vehicles ?? [],
    places: selection.places ?? [],
    emptyMeansAll,
  };
}

/** The holder's record for a scope as the exports read it today: what "changed since?" compares with. */
export function loadRecordOf(app: FastifyInstance): LoadRecord {
  const exportService = createExportService(app.exportRepository, app.stations.index);
  return (ownerId, scope) =>
    exportService.load(
      ownerId,
      { routes: scope.routes, tours: scope.tours, vehicles: scope.vehicles, places: scope.places },
      todayIn(app.config.timezone),
      scope.emptyMeansAll,
    );
}
