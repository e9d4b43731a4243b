import { problemSchema } from '@streckenpass/contract/common';

export type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** The problem-details answers a route declares, e.g. `...problems(400, 401, 403, 404, 422)`. */
export function problems<S extends ProblemStatus>(...statuses: S[]): Record<S, typeof problemSchema> {
  return Object.fromEntries(statuses.map((status) => [status, problemSchema])) as Record<S, typeof problemSchema>;
}
