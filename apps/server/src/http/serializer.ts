import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are serialised by fast-json-stringify from the JSON Schema of the route's zod response schema (compiled
 * once per route and status, on first use), not by re-validating with zod and JSON.stringify on every request. Outside production
 * the answer is also checked against the zod schema, so the tests catch a handler that drifts from the contract.
 */
export function responseSerializerCompiler(options: { validate: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    // Compiled on the route's first answer, not at start: converting and compiling the schemas of every route and
    // status took about 0.2 s of each start (CPU profile, docs/decisions/0050), most of them for answers that a
    // process may never give (errors, rarely used routes).
    let compiled: ((data: unknown) => string) | undefined;
    const stringify = (data: unknown) => {
      if (!compiled) {
        const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
        compiled = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
      }
      return compiled(data);
    };
    if (!options.validate) return stringify;
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(data);
    };
  };
}
