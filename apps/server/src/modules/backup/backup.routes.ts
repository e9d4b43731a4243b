import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BACKUP_RECORD_LISTS,
  backupSchema,
  mergePreviewSchema,
  restoreResultSchema,
} from '@streckenpass/contract/backup';
import { BACKUP_MAX_BYTES } from '@streckenpass/contract/limits';
import { todayIn } from '@streckenpass/contract/knowledge';
import { problems } from '../../http/problems.js';
import { currentUser } from '../../http/current-user.js';
import { parseBackupInSteps, type BackupList } from './backup.validation.js';
import { plural } from '@streckenpass/contract/plural';

const tags = ['Meine Daten'];
const upload = {
  bodyLimit: BACKUP_MAX_BYTES,
  config: {
    bodyTooLarge: `Die Sicherung ist zu groß: höchstens ${BACKUP_MAX_BYTES / (1024 * 1024)} MB.`,
    noStore: true,
    heavy: 'restore' as const,
  },
  // The body schema documents the document; it is checked in the handler, in steps (backup.validation.ts), after
  // the heavy-operation slot is taken: one synchronous check of the largest document would hold up the process.
  validatorCompiler: () => (value: unknown) => ({ value }),
};
const MERGE_RULES =
  'Zusammengeführt wird nach natürlichen Schlüsseln: Strecken nach Name, Kürzel, Start und Ende; Touren und ' +
  'Fahrzeuge nach Name (einer vorhandenen Tour werden fehlende Strecken hinzugefügt); Fahrten nach Datum, ' +
  '„Gültig bis“ und ihren Strecken; Fahrzeugeinträge nach Fahrt und Fahrzeugen; die Einstellungen (Wochenbericht, ' +
  'Gültigkeitsregeln, Erinnerungen) werden übernommen. Vorhandenes bleibt, wie es ist; nur Gültigkeitsregel und ' +
  'DS100-Verknüpfungen einer vorhandenen Strecke (die Regel eines Fahrzeugs) werden gesetzt, wenn die Sicherung sie ' +
  'angibt und sie abweichen; eine leere Angabe löscht nichts. DS100-Kürzel, die der Server nicht kennt, werden ' +
  'weggelassen. Dieselbe Sicherung zweimal einzuspielen ändert nichts.';

const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.backupService;
  /** The document's record lists: the contract's, and those of sections declared outside it (read once, when used). */
  let lists: readonly BackupList[] | undefined;
  const listsOf = () =>
    (lists ??= [
      ...BACKUP_RECORD_LISTS,
      ...app.backupRepository.sections.flatMap((section) =>
        section.list ? [{ section: section.name, ...section.list }] : [],
      ),
    ]);
  // A download is issued as a signed document of kind 'backup'; an upload's signature is checked (decision 0044).
  const proofs = app.proofsService;

  app.get(
    '/backup',
    {
      schema: {
        tags,
        summary: 'Sicherung aller eigenen Daten herunterladen (JSON)',
        description:
          'Ein Dokument mit allen Strecken, Touren, Fahrzeugen, Fahrten, Fahrzeugeinträgen und Einstellungen des ' +
          'Kontos (Format `streckenpass-backup`, Version 1; Datenübertragbarkeit nach Art. 20 DSGVO). Einträge ' +
          'verweisen über `ref` aufeinander. Nicht enthalten sind Push-Abonnements, der Kalender-Feed und ' +
          'Freigabelinks (an ein Gerät gebunden bzw. geheime Adressen). `memberships` nennt die Betriebe, denen das Konto ' +
          'angehört, `attestations` die Bescheinigungen von Betrieben, wie sie signiert wurden – beides nur zur ' +
          'Information: Eine Wiederherstellung übernimmt sie nicht. Antwort als Download ' +
          '`streckenpass-sicherung-JJJJ-MM-TT.json`.',
        response: { 200: backupSchema, ...problems(401) },
      },
      config: { noStore: true, heavy: 'backup' },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const document = await service.export(userId);
      // Read-only information (issue 28): a restore ignores it, as only an invitation grants a Betrieb access.
      const memberships = await app.betriebeRepository.membershipsForBackup(userId);
      // The Betriebe's attestations as signed (issue 41): information too; a restore never re-creates a signature.
      const attestations = await app.attestationsRepository.forBackup(userId);
      const today = todayIn(app.config.timezone);
      reply.header('content-disposition', `attachment; filename="streckenpass-sicherung-${today}.json"`);
      // Signed over exactly the JSON that is sent (a plain copy, canonicalised), and sent as that text, so that no
      // serialiser can change a byte of what the signature covers.
      const plain = JSON.parse(
        JSON.stringify({
          ...document,
          ...(memberships.length > 0 ? { memberships } : {}),
          ...(attestations.length > 0 ? { attestations } : {}),
        }),
      ) as Record<string, unknown>;
      const signature = await proofs.issueBackup(userId, plain);
      // A JSON string with a JSON content type is sent as it is (Fastify does not serialise it again).
      const text = JSON.stringify({ ...plain, signature });
      return reply.type('application/json; charset=utf-8').send(text as never);
    },
  );

  app.post(
    '/backup/preview',
    {
      schema: {
        tags,
        summary: 'Vorschau: was das Wiederherstellen einer Sicherung hinzufügen würde',
        description: `Schreibt nichts. ${MERGE_RULES}`,
        body: backupSchema,
        response: { 200: mergePreviewSchema, ...problems(400, 401, 413, 422) },
      },
      ...upload,
    },
    async (request) => {
      // The document is validated first (400); its signature is checked on the body as received.
      const userId = currentUser(request).id;
      const document = await parseBackupInSteps(request.body, todayIn(app.config.timezone), listsOf());
      const signature = await proofs.checkBackup(request.body, userId);
      return { ...(await service.preview(userId, document)), signature };
    },
  );

  app.post(
    '/backup/restore',
    {
      schema: {
        tags,
        summary: 'Sicherung in dieses Konto einspielen (alles oder nichts)',
        description: `Eine Transaktion: bei einem Fehler bleibt alles, wie es war. ${MERGE_RULES}`,
        body: backupSchema,
        response: { 200: restoreResultSchema, ...problems(400, 401, 413, 422) },
      },
      ...upload,
    },
    async (request) => {
      // A changed signed backup is restored as an unsigned one (drives recorded now), with the warning in the answer.
      const document = await parseBackupInSteps(request.body, todayIn(app.config.timezone), listsOf());
      const signature = await proofs.checkBackup(request.body, currentUser(request).id);
      const result = await service.restore(currentUser(request).id, document, 'restore', signature.keepsRecordedAt);
      // Restored routes without a path get the shortest one where the network knows both ends (decision 0051).
      if (!result.nothingToDo) await app.routePaths.fill(app.db, currentUser(request).id);
      const added = result.sections.reduce((sum, section) => sum + section.added, 0);
      const changed = result.sections.reduce((sum, section) => sum + section.changed, 0);
      return {
        ...result,
        signature,
        message: result.nothingToDo
          ? 'Alles aus der Sicherung ist bereits vorhanden; es wurde nichts geändert.'
          : `Sicherung eingespielt: ${plural(added, 'Eintrag', 'Einträge')} hinzugefügt, ${changed} ergänzt.` +
            (signature.state === 'unsigned' ? '' : ` ${signature.message}`),
      };
    },
  );
};

export default backupRoutes;
