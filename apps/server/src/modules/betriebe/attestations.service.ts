import { attestationDateViolations, type CreateAttestationInput } from '@streckenpass/contract/attestations';
import type { Attestation } from '@streckenpass/contract/attestations';
import { servicePlugin } from '../../db/repository.js';
import { requirementWithNames } from '../../export/register-model.js';
import { unprocessable } from '../../lib/errors.js';
import type { AttestationsRepository, SignedDocument } from './attestations.repository.js';
import type { RequirementsRepository } from './requirements.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    attestationsService: AttestationsService;
  }
}

/**
 * Issuing an attestation (issue 41 item 5) over the requirements, the attestations and the proofs: the rules a form
 * checks are checked here too (the day not after today; every requirement one of the Betrieb's), the requirements are
 * named as they read on the day of issue, and the content is signed as an issued document of kind `attestation`.
 */
export function createAttestationsService(deps: {
  attestations: AttestationsRepository;
  requirements: Pick<RequirementsRepository, 'list'>;
  sign: (content: unknown) => Promise<SignedDocument>;
}) {
  return {
    async create(
      betriebId: number,
      issuerId: number,
      membershipId: number,
      input: CreateAttestationInput,
      today: string,
    ): Promise<Attestation> {
      const dateViolations = attestationDateViolations(input.checkedOn, today);
      if (dateViolations.length > 0) throw unprocessable(dateViolations);
      const requirementIds = input.requirementIds ?? [];
      const byId = new Map((await deps.requirements.list(betriebId, issuerId)).map((r) => [r.id, r]));
      const unknown = requirementIds.filter((id) => !byId.has(id));
      if (unknown.length > 0) {
        throw unprocessable([
          {
            propertyPath: 'requirementIds',
            message: `Diese Anforderung gibt es im Betrieb nicht: ${unknown.join(', ')}.`,
          },
        ]);
      }
      const requirements = requirementIds.map((id) => ({ id, label: requirementWithNames(byId.get(id)!) }));
      return deps.attestations.create(
        betriebId,
        issuerId,
        membershipId,
        {
          kind: input.kind,
          checkedOn: input.checkedOn,
          examinerName: input.examinerName,
          note: input.note,
          requirements,
          lines: input.lines ?? [],
        },
        deps.sign,
      );
    },
  };
}

export type AttestationsService = ReturnType<typeof createAttestationsService>;

export default servicePlugin(
  'attestationsService',
  (app) =>
    createAttestationsService({
      attestations: app.attestationsRepository,
      requirements: app.requirementsRepository,
      sign: async (content) => ({ ...(await app.proofsService.sign('attestation', content)), kind: 'attestation' }),
    }),
  ['attestationsRepository', 'requirementsRepository', 'proofsService'],
);
