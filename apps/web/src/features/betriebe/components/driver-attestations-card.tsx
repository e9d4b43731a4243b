import { Button, Text } from '@mantine/core';
import type { Attestation } from '@streckenpass/contract/attestations';
import { ATTESTATION_KIND_LABELS } from '@streckenpass/contract/attestations';
import type { BetriebDriver } from '@streckenpass/contract/betrieb-driver';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { formatDate } from '@streckenpass/contract/format';
import { attests } from '@streckenpass/contract/terms';
import { useState } from 'react';
import { AttestationEntry, AttestationList } from '../../../components/attestation-entry';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryContent } from '../../../components/query-content';
import { TitledCard } from '../../../components/titled-card';
import { useBetriebAttestations, useWithdrawAttestation } from '../api/attestations';
import { useMembers } from '../api/betriebe';
import { routeRequirements } from '../api/requirements';
import { AttestationForm } from './attestation-form';

/**
 * "Bescheinigungen" on a driver's page (issue 41 item 5): the attestations the Betrieb issued for the driver and those
 * the driver brought from earlier Betriebe (unless hidden), each with its state; for admins and examiners
 * "Bescheinigung ausstellen" and, for the Betrieb's own, "Widerrufen" after a confirmation.
 */
export function DriverAttestationsCard({ betrieb, driver }: { betrieb: Betrieb; driver: BetriebDriver }) {
  const mayAttest = attests(betrieb);
  const list = useBetriebAttestations(betrieb.id, true);
  const requirements = routeRequirements.list.use(betrieb.id, mayAttest);
  // The examiner's own name, prefilled: the members list names the caller (`you`), never by e-mail address.
  const members = useMembers(betrieb.id, mayAttest);
  const ownName = members.data?.find((member) => member.you)?.name ?? '';
  const withdraw = useWithdrawAttestation(betrieb.id);
  const [withdrawing, setWithdrawing] = useState<Attestation | null>(null);

  return (
    <TitledCard title="Bescheinigungen">
      <QueryContent query={list}>
        {(all) => {
          const own = all.filter((attestation) => attestation.membershipId === driver.membershipId);
          return own.length === 0 ? (
            <Text size="sm">Für {driver.name} gibt es noch keine Bescheinigung.</Text>
          ) : (
            <AttestationList label={`Bescheinigungen für ${driver.name}`}>
              {own.map((attestation) => (
                <AttestationEntry key={attestation.code} attestation={attestation}>
                  {!attestation.issuedHere && (
                    <Text size="xs" c="dimmed">
                      Von einem früheren Betrieb mitgebracht.
                    </Text>
                  )}
                  {attestation.canWithdraw && (
                    <Button
                      color="red"
                      variant="light"
                      mt="xs"
                      onClick={() => setWithdrawing(attestation)}
                      aria-label={`${ATTESTATION_KIND_LABELS[attestation.kind]} vom ${formatDate(attestation.checkedOn)} widerrufen`}
                    >
                      Widerrufen
                    </Button>
                  )}
                </AttestationEntry>
              ))}
            </AttestationList>
          );
        }}
      </QueryContent>
      {mayAttest && (
        <AttestationForm
          betriebId={betrieb.id}
          membershipId={driver.membershipId}
          driverName={driver.name}
          requirements={requirements.data ?? []}
          examinerName={ownName}
        />
      )}
      <ConfirmDialog
        opened={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title="Bescheinigung widerrufen?"
        confirmLabel="Widerrufen"
        busy={withdraw.isPending}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing.code, { onSuccess: () => setWithdrawing(null) })}
      >
        <Text size="sm">
          Die Bescheinigung gilt danach nicht mehr; ihre Prüfseite zeigt „widerrufen“, auch bei späteren Betrieben. Das
          lässt sich nicht rückgängig machen.
        </Text>
        <ErrorAlert call={withdraw} />
      </ConfirmDialog>
    </TitledCard>
  );
}
