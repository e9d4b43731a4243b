import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BETRIEB_ROLES, betriebItemParamsSchema, type BetriebRole } from '@streckenpass/contract/betriebe';
import { idParamsSchema } from '@streckenpass/contract/common';
import type { StationIndex } from '@streckenpass/contract/stations';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { HttpError, unprocessable } from '../../lib/errors.js';

/** What the documentation says of everyone outside a Betrieb (decision 0046). */
export const OUTSIDERS =
  'Wer nicht Mitglied ist (auch wer ausgetreten ist), bekommt 404 wie für einen unbekannten Betrieb.';

/** The same for the Betrieb's own calls, with why. */
export const OUTSIDERS_UNTOLD =
  'Wer nicht Mitglied ist (auch wer ausgetreten ist), bekommt 404 wie für einen unbekannten Betrieb: Außenstehende ' +
  'erfahren nicht, dass es ihn gibt.';

/** 409 for a consent given to another version of its text than the current one (founding, joining). */
export const consentChanged = () =>
  new HttpError(
    409,
    'Conflict',
    'Der Text der Einwilligung hat sich geändert. Bitte lesen Sie ihn erneut und stimmen Sie dann zu.',
  );

/** The OpenAPI tag of every Betriebe route. */
export const BETRIEBE_TAGS = ['Betriebe'];

/** Who may call an admin's route of the requirements, in the documentation's words. */
export const ADMINS_ONLY = `Nur Admins des Betriebs (Disponenten und Triebfahrzeugführer/innen: 403). ${OUTSIDERS}`;

/** Who may call a driver's route of the requirements, in the documentation's words. */
export const DRIVERS_ONLY = `Nur Triebfahrzeugführer/innen des Betriebs, für die eigenen Strecken (Admins, Disponenten: 403). ${OUTSIDERS}`;

/**
 * A route's `preValidation` that lets through only members of the Betrieb of the path's `:id` with one of `roles`:
 * 404 for everyone outside (unknown, someone else's, left), 403 for members in another role — before the body or the
 * query is judged (401 → 404/403 → 400/422).
 */
export function roleGuard(app: FastifyInstance) {
  return (...roles: BetriebRole[]) =>
    async (request: FastifyRequest) => {
      const id = (idParamsSchema.shape.id.safeParse((request.params as { id?: unknown }).id).data ?? 0) as number;
      await app.betriebeRepository.requireRole(id, currentUser(request).id, roles);
    };
}

/** A station of the data set by its code, as a requirement names it; 422 at `field` for an unknown code. */
export function stationOf(stations: StationIndex, field: string, code: string) {
  const station = stations.byCode(code);
  if (!station)
    throw unprocessable([{ propertyPath: field, message: `Unbekanntes Betriebsstellen-Kürzel „${code}“.` }]);
  return { code: station.code, name: station.name };
}

/**
 * `DELETE` of one item of a Betrieb (`/betriebe/:id/…/:itemId`): 204 when `remove` has done it, with the role guard
 * first. The refusals: 401, 404 (outside, or no such item), 403 (another role), and `statuses` more.
 */
export function deleteItemRoute(
  app: FastifyInstance,
  url: string,
  {
    summary,
    description,
    roles,
    statuses = [],
  }: { summary: string; description: string; roles?: BetriebRole[]; statuses?: 409[] },
  remove: (betriebId: number, userId: number, itemId: number) => Promise<void>,
): void {
  app.withTypeProvider<ZodTypeProvider>().delete(
    url,
    {
      schema: {
        tags: ['Betriebe'],
        summary,
        description,
        params: betriebItemParamsSchema,
        response: { 204: z.null(), ...problems(401, 403, 404, ...statuses) },
      },
      ...(roles ? { preValidation: roleGuard(app)(...roles) } : {}),
    },
    async (request, reply) => {
      await remove(request.params.id, currentUser(request).id, request.params.itemId);
      return reply.status(204).send(null);
    },
  );
}

/**
 * `GET` of a list of a Betrieb (`/betriebe/:id/…`) for the members in `roles`: every member (401, 404) or some roles
 * only (also 403).
 */
export function listRoute(
  app: FastifyInstance,
  url: string,
  {
    summary,
    description,
    item,
    roles,
  }: { summary: string; description: string; item: z.ZodType; roles: readonly BetriebRole[] },
  /** The list, as `item` describes each of its entries (checked by the response's schema). */
  read: (betriebId: number, userId: number) => Promise<unknown[]>,
): void {
  const everyMember = BETRIEB_ROLES.every((role) => roles.includes(role));
  app.withTypeProvider<ZodTypeProvider>().get(
    url,
    {
      schema: {
        tags: ['Betriebe'],
        summary,
        description,
        params: idParamsSchema,
        response: { 200: z.array(item), ...(everyMember ? problems(401, 404) : problems(401, 403, 404)) },
      },
      preValidation: roleGuard(app)(...roles),
    },
    async (request) => read(request.params.id, currentUser(request).id),
  );
}
