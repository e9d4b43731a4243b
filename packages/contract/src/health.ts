import { z } from 'zod';

/** `GET /api/health`: the process answers and its database too. */
export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/**
 * `GET /api/health/ready`: ready for traffic — the database answered `select 1` within the bound. A load balancer's
 * check; the refusal (503) is a problem details document.
 */
export const readinessSchema = z.object({ status: z.literal('ready'), database: z.literal('ok') });
export type Readiness = z.infer<typeof readinessSchema>;
