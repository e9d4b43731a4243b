import { Anchor, Badge, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { plural } from '@streckenpass/contract/plural';
import { PROOF_KIND_LABELS, type IssuedProof } from '@streckenpass/contract/proofs';
import { useState } from 'react';
import { CardsOrTable, CellWithNote } from '../../../components/cards-or-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { RevokeButton } from '../../../components/revoke-button';
import { TitledCard } from '../../../components/titled-card';
import { formatDateTime } from '../../../lib/dates';
import { useProofs, useRevokeProof } from '../api/proofs';
import classes from './issued-proofs-card.module.css';

const dateTime = (iso: string) => formatDateTime(iso, 'Europe/Berlin');

/** What a document lists: "3 Strecken, 1 Fahrzeug" (vehicles only when it has a vehicles block). */
const scopeText = (proof: IssuedProof) => {
  if (proof.kind === 'attestation') return 'Widerruf nur durch den ausstellenden Betrieb';
  if (proof.kind === 'register') return 'Triebfahrzeugführer/innen des Betriebs';
  return [
    plural(proof.routes, 'Strecke', 'Strecken'),
    ...(proof.vehicles === null ? [] : [plural(proof.vehicles, 'Fahrzeug', 'Fahrzeuge')]),
  ].join(', ');
};

/** An attestation is the Betrieb's statement (issue 41): only the issuing Betrieb withdraws it, never its holder. */
const revocable = (proof: IssuedProof) => !proof.revokedAt && proof.kind !== 'attestation';

/**
 * "Ausgestellte Nachweise" (issue 27): every PDF and supervisor page issued from the record, with its verification
 * code and a link to its public verification page; each can be revoked, after which it verifies as "widerrufen".
 */
export function IssuedProofsCard() {
  const proofs = useProofs();
  const revoke = useRevokeProof();
  const [revoking, setRevoking] = useState<IssuedProof | null>(null);
  const [confirmOpened, confirm] = useDisclosure(false);

  const state = (proof: IssuedProof) =>
    proof.revokedAt ? (
      <Badge color="red" variant="light">
        widerrufen
      </Badge>
    ) : (
      <Badge color="green" variant="light">
        gültig
      </Badge>
    );
  const verifyLink = (proof: IssuedProof) => (
    <Anchor href={proof.url} target="_blank" rel="noopener noreferrer" className={classes.code}>
      {proof.code}
    </Anchor>
  );
  const revokeButton = (proof: IssuedProof, fullWidth: boolean) => (
    <RevokeButton
      label={`Nachweis ${proof.code} widerrufen`}
      fullWidth={fullWidth}
      onClick={() => {
        setRevoking(proof);
        confirm.open();
      }}
    />
  );

  return (
    <>
      <TitledCard title="Ausgestellte Nachweise">
        <Text size="sm">
          Jedes PDF und jede Freigabe-Seite trägt einen Prüfcode. Unter dem Link sieht jede und jeder, ob der Nachweis
          echt ist, wann und für wen er ausgestellt wurde und was er enthielt – ohne Ihre E-Mail-Adresse. Ein
          widerrufener Nachweis gilt nicht mehr.
        </Text>
        <ErrorAlert call={proofs} />
        <ErrorAlert call={revoke} />
        <CardsOrTable
          items={proofs.data}
          empty="Noch keine Nachweise ausgestellt. Jeder PDF-Export stellt einen aus."
          itemKey={(proof) => proof.code}
          label="Ihre ausgestellten Nachweise"
          columns={[
            { header: 'Ausgestellt am', cell: (proof) => dateTime(proof.issuedAt) },
            {
              header: 'Art',
              cell: (proof) => <CellWithNote note={scopeText(proof)}>{PROOF_KIND_LABELS[proof.kind]}</CellWithNote>,
            },
            { header: 'Prüfcode', cell: verifyLink },
            { header: 'Status', cell: state },
            { header: 'Aktion', cell: (proof) => revocable(proof) && revokeButton(proof, false) },
          ]}
          card={(proof) => ({
            title: PROOF_KIND_LABELS[proof.kind],
            subtitle: `${dateTime(proof.issuedAt)} · ${scopeText(proof)}`,
            badge: state(proof),
            details: <>Prüfcode {verifyLink(proof)}</>,
            action: revocable(proof) && revokeButton(proof, true),
          })}
        />
      </TitledCard>
      <ConfirmDialog
        opened={confirmOpened}
        onClose={confirm.close}
        title="Nachweis widerrufen?"
        confirmLabel="Widerrufen"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.code, { onSettled: confirm.close })}
      >
        <Text>
          Der Nachweis {revoking?.code} gilt danach nicht mehr: Wer ihn prüft, liest „widerrufen“. Das lässt sich nicht
          rückgängig machen.
        </Text>
      </ConfirmDialog>
    </>
  );
}
