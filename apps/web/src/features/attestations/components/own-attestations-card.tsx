import { Switch, Text } from '@mantine/core';
import { ATTESTATION_KIND_LABELS } from '@streckenpass/contract/attestations';
import { formatDate } from '@streckenpass/contract/format';
import { AttestationEntry, AttestationList } from '../../../components/attestation-entry';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryContent } from '../../../components/query-content';
import { TitledCard } from '../../../components/titled-card';
import { useAttestations, useSetAttestationHidden } from '../api/attestations';

/**
 * "Bescheinigungen" in "Meine Daten" (issue 41 item 5): what Betriebe attested about the driver — held by the driver,
 * also after leaving (TfV § 13) —, each with its state and its check page. The driver cannot change or revoke one;
 * "vor späteren Betrieben verbergen" keeps it from Betriebe other than the issuing one.
 */
export function OwnAttestationsCard() {
  const attestations = useAttestations();
  const hide = useSetAttestationHidden();
  return (
    <TitledCard title="Bescheinigungen">
      <Text size="sm">
        Bescheinigungen Ihrer Betriebe über Erstausbildung und Überprüfung der Streckenkenntnis. Sie gehören Ihnen und
        bleiben nach einem Wechsel des Betriebs bei Ihnen; der neue Betrieb sieht und prüft sie, solange Sie sie nicht
        verbergen. Ändern oder widerrufen kann sie nur der ausstellende Betrieb.
      </Text>
      <ErrorAlert call={hide} />
      <QueryContent query={attestations}>
        {(list) =>
          list.length === 0 ? (
            <Text size="sm">Sie haben noch keine Bescheinigung.</Text>
          ) : (
            <AttestationList label="Ihre Bescheinigungen">
              {list.map((attestation) => (
                <AttestationEntry key={attestation.code} attestation={attestation}>
                  <Switch
                    mt="xs"
                    label="Vor späteren Betrieben verbergen"
                    aria-label={`${ATTESTATION_KIND_LABELS[attestation.kind]} vom ${formatDate(attestation.checkedOn)} vor späteren Betrieben verbergen`}
                    checked={attestation.hidden}
                    disabled={hide.isPending}
                    onChange={(event) => hide.mutate({ code: attestation.code, hidden: event.currentTarget.checked })}
                  />
                </AttestationEntry>
              ))}
            </AttestationList>
          )
        }
      </QueryContent>
    </TitledCard>
  );
}
