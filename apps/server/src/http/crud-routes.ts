import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '@streckenpass/contract/common';
import { CHANNEL_HEADER, channelFromHeader, historySchema } from '@streckenpass/contract/history';
import type { RecordKindDeclaration } from '@streckenpass/contract/record-kinds';
import { nounWords, type RecordNoun } from '@streckenpass/contract/terms';
import type { OwnedRepository } from '../db/owned-records.js';
import { notFound } from '../lib/errors.js';
import { currentUser } from './current-user.js';
import { problems } from './problems.js';

/** The kind-specific texts of the OpenAPI operations; the summaries themselves are derived from the kind's noun. */
export interface CrudDocs {
  /** OpenAPI tag; the noun's plural unless given. */
  tag?: string;
  /** How the list is sorted, after "Eigene Strecken, ". */
  order: string;
  /** The verb of the create summary; "anlegen" unless given ("Streckenaktivität erfassen"). */
  createVerb?: string;
  /** The verb of the patch summary; "ändern" unless given ("Fahrzeug umbenennen"). */
  updateVerb?: string;
  /** Descriptions of create, merge-patch and delete. */
  create?: string;
  update?: string;
  remove?: string;
}

/** The five operations' summaries and descriptions: the standard wording plus what the kind adds. */
function summaries(noun: RecordNoun, docs: CrudDocs) {
  const { one, many } = noun;
  const described = (summary: string, description: string | undefined) =>
    description === undefined ? { summary } : { summary, description };
  return {
    list: { summary: `Eigene ${many}, ${docs.order}` },
    create: described(`${one} ${docs.createVerb ?? 'anlegen'}`, docs.create),
    get: { summary: nounWords(noun).ownOne },
    update: described(`${one} ${docs.updateVerb ?? 'ändern'} (JSON Merge Patch)`, docs.update),
    remove: described(`${one} löschen`, docs.remove),
    history: {
      summary: `${one}: Verlauf`,
      description:
        'Jede Anlage, Änderung und Löschung, neueste zuerst: Zeitpunkt, Art, Weg (api, quick = Schnellerfassung, ' +
        'outbox = offline erfasst und nachgesendet, import = CSV-Import, restore = Wiederherstellung) und bei ' +
        'Änderungen die geänderten Felder (`changes`) mit altem und neuem Wert in Worten (`fieldChanges`: Daten als ' +
        'TT.MM.JJJJ, verknüpfte Einträge mit Namen). Auch nach dem Löschen des Eintrags für seine Inhaberin oder ' +
        'seinen Inhaber lesbar. Nur lesbar: kein Aufruf ändert oder löscht den Verlauf.',
    },
  };
}

const MERGE_PATCH_NOTE = 'Nimmt application/merge-patch+json und application/json; nur genannte Felder ändern sich.';
/** How a client names the channel of a write (the web app's quick record and offline outbox); see the contract. */
const CHANNEL_NOTE =
  `Jede Änderung kommt in den Verlauf des Eintrags; der Kopf \`${CHANNEL_HEADER}: quick\` oder \`outbox\` nennt ` +
  'dort den Weg (Schnellerfassung, offline nachgesendet), jeder andere Wert gilt als api.';
const withChannelNote = (description: string | undefined) => [description, CHANNEL_NOTE].filter(Boolean).join(' ');

/** A path id as the database can hold it; anything else cannot name a record (404). */
function storedId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * The five calls of an owner-linked record (list, create, read, merge-patch, delete) and the read of its history
 * declared once: bearer auth comes from the /api scope, ownership from the repository, ETags from the conditional-GET
 * plugin (`config.etag`), Idempotency-Key from `app.idempotent`, the history's channel from the request's
 * `X-Streckenpass-Channel` header (checked against the contract's list). A module states its kind's declaration
 * (contract `record-kinds.ts`: path `/api/<name>`, noun), its schemas, repository and the texts only it has.
 */
export function crudRoutes<Item extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType>(
  kind: RecordKindDeclaration,
  schemas: { item: Item; create: Create; update: Update },
  repositoryOf: (app: FastifyInstance) => OwnedRepository<z.output<Item>, z.output<Create>, z.output<Update>>,
  texts: CrudDocs,
): FastifyPluginAsync {
  const path = `/${kind.name}`;
  const { noun } = kind;
  const tags = [texts.tag ?? noun.many];
  const docs = summaries(noun, texts);
  type Body<S extends z.ZodType> = z.output<S>;

  return async (app) => {
    const repository = repositoryOf(app);
    const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
    const channelOf = (request: FastifyRequest) => channelFromHeader(request.headers[CHANNEL_HEADER]);

    app.get(
      path,
      {
        schema: { tags, ...docs.list, response: { 200: z.array(schemas.item), ...problems(401) } },
        config: { etag: true },
      },
      async (request) => repository.list(currentUser(request).id),
    );

    app.post(
      path,
      {
        schema: {
          tags,
          summary: docs.create.summary,
          description: withChannelNote(docs.create.description),
          body: schemas.create,
          response: { 201: schemas.item, ...problems(400, 401, 403, 409, 422) },
        },
        config: { idempotency: 'in-transaction' },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const channel = channelOf(request);
        return app.idempotent(request, reply, 201, (tx) =>
          repository.create(userId, request.body as Body<Create>, { tx, channel }),
        );
      },
    );

    app.get(
      `${path}/:id`,
      {
        schema: {
          tags,
          ...docs.get,
          params: idParamsSchema,
          response: { 200: schemas.item, ...problems(401, 403, 404) },
        },
        config: { etag: true },
      },
      async (request) => repository.findOwned(idOf(request), currentUser(request).id),
    );

    app.patch(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: docs.update.summary,
          description: withChannelNote([MERGE_PATCH_NOTE, docs.update.description].filter(Boolean).join(' ')),
          params: idParamsSchema,
          body: schemas.update,
          response: { 200: schemas.item, ...problems(400, 401, 403, 404, 422) },
        },
        // Refusals in the order 401 → 403/404 → 400/422: someone else's record is refused before its body is judged.
        preValidation: async (request) => {
          const id = storedId((request.params as { id?: unknown }).id);
          if (id === null) throw notFound(`${noun.one} nicht gefunden.`);
          await repository.findOwned(id, currentUser(request).id);
        },
      },
      async (request) =>
        repository.update(idOf(request), currentUser(request).id, request.body as Body<Update>, {
          channel: channelOf(request),
        }),
    );

    app.delete(
      `${path}/:id`,
      {
        schema: {
          tags,
          summary: docs.remove.summary,
          description: withChannelNote(docs.remove.description),
          params: idParamsSchema,
          response: { 204: z.null().describe('Gelöscht'), ...problems(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await repository.remove(idOf(request), currentUser(request).id, { channel: channelOf(request) });
        return reply.status(204).send(null);
      },
    );

    // Read only: the history has no other route (a PATCH, PUT or DELETE here answers 404), and the repositories
    // have no call that changes or deletes an entry (db/record-history.ts; the table's trigger refuses it anyway).
    app.get(
      `${path}/:id/history`,
      {
        schema: {
          tags,
          ...docs.history,
          params: idParamsSchema,
          response: { 200: historySchema, ...problems(401, 403, 404) },
        },
        config: { etag: true },
      },
      async (request) => repository.history(idOf(request), currentUser(request).id),
    );
  };
}
