import { Alert, Anchor, Badge, Button, Card, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { plural } from '@streckenpass/contract/plural';
import { PROOF_KIND_LABELS, type IssuedProof } from '@streckenpass/contract/proofs';
import { useState } from 'react';
import { ApiError, germanMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { useProofs, useRevokeProof } from '../api/proofs';
import classes from './issued-proofs-card.module.css';

const dateTime = (iso: string) => formatDateTime(iso, 'Europe/Berlin');

const message = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? germanMessage(error)) : 'Es ist ein Fehler aufgetreten';

/** What a document lists: "3 Strecken, 1 Fahrzeug" (vehicles only when it has a vehicles block). */
const scopeText = (proof: IssuedProof) =>
  [
    plural(proof.routes, 'Strecke', 'Strecken'),
    ...(proof.vehicles === null ? [] : [plural(proof.vehicles, 'Fahrzeug', 'Fahrzeuge')]),
  ].join(', ');

/**
 * "Ausgestellte Nachweise" (issue 27): every PDF and supervisor page issued from the record, with its verification
 * code and a link to its public verification page; each can be revoked, after which it verifies as "widerrufen".
 */
export function IssuedProofsCard() {
  const proofs = useProofs();
  const revoke = useRevokeProof();
  const [revoking, setRevoking] = useState<IssuedProof | null>(null);
  const [confirmOpened, confirm] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

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
    <Button
      color="red"
      variant={fullWidth ? 'light' : 'subtle'}
      fullWidth={fullWidth}
      mt={fullWidth ? 'xs' : undefined}
      aria-label={`Nachweis ${proof.code} widerrufen`}
      onClick={() => {
        setRevoking(proof);
        confirm.open();
      }}
    >
      Widerrufen
    </Button>
  );

  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Ausgestellte Nachweise
        </Title>
        <Text size="sm">
          Jedes PDF und jede Freigabe-Seite trägt einen Prüfcode. Unter dem Link sieht jede und jeder, ob der Nachweis
          echt ist, wann und für wen er ausgestellt wurde und was er enthielt – ohne Ihre E-Mail-Adresse. Ein
          widerrufener Nachweis gilt nicht mehr.
        </Text>
        {proofs.isError && (
          <Alert color="red" role="alert">
            {message(proofs.error)}
          </Alert>
        )}
        {revoke.isError && (
          <Alert color="red" role="alert">
            {message(revoke.error)}
          </Alert>
        )}
        {proofs.data && proofs.data.length === 0 && (
          <Text size="sm">Noch keine Nachweise ausgestellt. Jeder PDF-Export stellt einen aus.</Text>
        )}
        {proofs.data && proofs.data.length > 0 && phone && (
          <Stack gap="xs" component="ul" m={0} p={0} className={classes.list} aria-label="Ihre ausgestellten Nachweise">
            {proofs.data.map((proof) => (
              <Paper key={proof.code} component="li" withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <div className={classes.name}>
                    <Text fw={600}>{PROOF_KIND_LABELS[proof.kind]}</Text>
                    <Text size="xs" c="dimmed">
                      {dateTime(proof.issuedAt)} · {scopeText(proof)}
                    </Text>
                  </div>
                  {state(proof)}
                </Group>
                <Text size="sm" mt={4}>
                  Prüfcode {verifyLink(proof)}
                </Text>
                {!proof.revokedAt && revokeButton(proof, true)}
              </Paper>
            ))}
          </Stack>
        )}
        {proofs.data && proofs.data.length > 0 && !phone && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder>
              <Table.Caption>Ihre ausgestellten Nachweise</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Ausgestellt am</Table.Th>
                  <Table.Th scope="col">Art</Table.Th>
                  <Table.Th scope="col">Prüfcode</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Aktion</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {proofs.data.map((proof) => (
                  <Table.Tr key={proof.code}>
                    <Table.Td>{dateTime(proof.issuedAt)}</Table.Td>
                    <Table.Td>
                      {PROOF_KIND_LABELS[proof.kind]}
                      <Text size="xs" c="dimmed">
                        {scopeText(proof)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{verifyLink(proof)}</Table.Td>
                    <Table.Td>{state(proof)}</Table.Td>
                    <Table.Td>{!proof.revokedAt && revokeButton(proof, false)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={confirmOpened} onClose={confirm.close} title="Nachweis widerrufen?" centered>
        <Stack gap="md">
          <Text>
            Der Nachweis {revoking?.code} gilt danach nicht mehr: Wer ihn prüft, liest „widerrufen“. Das lässt sich
            nicht rückgängig machen.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close} disabled={revoke.isPending}>
              Abbrechen
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => revoking && revoke.mutate(revoking.code, { onSettled: confirm.close })}
            >
              Widerrufen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
