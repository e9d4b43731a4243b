import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are serialised by fast-json-stringify from the JSON Schema of the route's zod response schema (compiled
 * once per route and status), not by re-validating with zod and JSON.stringify on every request. Outside production
 * the answer is also checked against the zod schema, so the tests catch a handler that drifts from the contract.
 */
export function responseSerializerCompiler(options: { validate: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    if (!options.validate) return (data) => stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(data);
    };
  };
}
