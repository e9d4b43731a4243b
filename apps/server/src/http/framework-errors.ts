import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { REQUEST_PROBLEMS } from '@streckenpass/contract/problems';
import { problem } from '../lib/problem.js';
import { titleFor } from './error-handler.js';

/** A part of the URL space that answers router refusals its own way (the share pages: their uniform 404). */
export interface FrameworkErrorClaim {
  matches(url: string): boolean;
  send(request: FastifyRequest, reply: FastifyReply): unknown;
}

/**
 * Broken percent-encoding (400) and over-long path segments (414) are refused by the router before any handler
 * runs; without this they would answer Fastify's own JSON instead of problem details.
 */
export function frameworkErrors(claims: readonly FrameworkErrorClaim[] = []): FastifyServerOptions['frameworkErrors'] {
  return (error, request, frameworkReply) => {
    // The option's reply type carries no route generics; it is a plain reply.
    const reply = frameworkReply as unknown as FastifyReply;
    const claim = claims.find((candidate) => candidate.matches(request.url));
    if (claim) return claim.send(request, reply);
    const status = error.statusCode === 414 ? 414 : 400;
    reply
      .status(status)
      .type('application/problem+json')
      .send(
        problem(
          status,
          titleFor(status),
          status === 414 ? 'Die Adresse ist zu lang.' : REQUEST_PROBLEMS.badPercentEncoding,
        ),
      );
  };
}
