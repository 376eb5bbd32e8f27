import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

type Serializer = (data: unknown) => string;

function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const wrapped = (schema as { properties?: unknown } | null)?.properties;
  if (wrapped instanceof z.ZodType) return wrapped;
  throw new Error(`A response schema must be a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Responses are written by fast-json-stringify, compiled once per route from the JSON Schema of the
 * route's zod contract: only the contract's fields leave the server, for about the cost of
 * JSON.stringify. Validating every answer with zod first cost as much again as the whole write
 * (docs/decisions/0007-stone-reads-and-responses.md), so production skips it; development and tests
 * still parse each answer with the contract and insist that both writers give the same values, so a
 * drift between the data and its contract fails the tests instead of reaching a customer.
 */
export function contractSerializerCompiler(options: { checkWithZod: boolean }): FastifySerializerCompiler<unknown> {
  // A contract shared by many routes (the error answers) is compiled once.
  const compiledOf = new WeakMap<z.ZodType, Serializer>();
  return ({ schema, method, url }) => {
    const contract = zodSchemaOf(schema);
    let compiled = compiledOf.get(contract);
    if (!compiled) {
      compiled = fastJson(z.toJSONSchema(contract, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as never) as Serializer;
      compiledOf.set(contract, compiled);
    }
    if (!options.checkWithZod) return compiled;
    const write = compiled;
    return (data) => {
      const parsed = contract.safeParse(data);
      if (!parsed.success) throw new Error(`The ${method} ${url} answer does not match its contract: ${z.prettifyError(parsed.error)}`);
      const text = write(data);
      const expected = JSON.stringify(parsed.data);
      // Key order may differ (the contract's order against the data's); the values may not.
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(expected))) {
        throw new Error(`The ${method} ${url} answer serialises differently from its contract:\n${text}\n${expected}`);
      }
      return text;
    };
  };
}
