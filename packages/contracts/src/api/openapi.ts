import { z } from 'zod';
import { rolesWith, STAFF_ROLES } from '../constants.ts';
import { type Endpoint, shopCall } from './endpoint.ts';
import { errorAnswers } from './error-answers.ts';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses) of a request part or an answer. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** Path and query parameters of an object schema, one OpenAPI parameter per property. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: property,
  }));
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is malformed.',
  401: 'Not signed in, or the sign-in has ended.',
  403: 'Signed in, but not allowed to do this.',
  404: 'No such object in this store, or no store for the domain.',
  409: 'The object is not in a state that allows this (a stable `code` says why).',
  413: 'The request body is too large.',
  415: 'The request body is of a type this call does not read.',
  422: 'The input is not valid: a message per field.',
  429: 'Too many calls: wait for `retry-after` seconds.',
  500: 'A fault on our side.',
  502: 'The payment provider failed.',
  503: 'A service this call needs is unavailable.',
};

/** An error answer: its body with the codes this call declares for the status. */
function errorResponse(status: number, body: z.ZodType) {
  return { description: ERROR_TEXT[status] ?? 'Error.', content: { 'application/json': { schema: jsonSchema(body, 'output') } } };
}

/** `/item-details/:id` -> `/item-details/{id}`. */
export function openApiPath(endpoint: Pick<Endpoint, 'path' | 'root'>): string {
  return `${endpoint.root ? '' : '/api'}${endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`;
}

/** The OpenAPI 3.1 document of an endpoint table. */
export function openApiDocument(endpoints: Record<string, Endpoint>, info: { title: string; version: string; description?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(endpoints)) {
    const body = e.body === undefined ? undefined
      : 'multipart' in e.body
        ? { required: true, content: { 'multipart/form-data': { schema: jsonSchema(e.body.fields, 'input') } } }
        : { required: true, content: { 'application/json': { schema: jsonSchema(e.body, 'input') } } };
    const ok = e.response === 'html' ? { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } }
      : e.response === 'redirect' ? { description: 'Redirects the browser (303).' }
        : e.response === 'file' ? { description: 'The file.', content: { [e.fileType ?? 'image/*']: { schema: { type: 'string', format: 'binary' } } } }
        : e.response === 'text' ? { description: 'Plain text.', content: { 'text/plain': { schema: { type: 'string' } } } }
        : e.response === 'xml' ? { description: 'An XML document.', content: { 'application/xml': { schema: { type: 'string' } } } }
        : { description: 'OK', content: { 'application/json': { schema: jsonSchema(e.response, 'output') } } };
    const responses: Record<string, unknown> = { [e.response === 'redirect' ? '303' : '200']: ok };
    for (const [status, body] of errorAnswers(e)) responses[String(status)] = errorResponse(status, body);
    const auth = e.access === 'customer' ? [{ customer: [] }] : e.access === 'staff' ? [{ staff: [] }] : undefined;
    const roles = e.access === 'staff' ? (e.capability ? rolesWith(e.capability) : [...STAFF_ROLES]) : undefined;
    (paths[openApiPath(e)] ??= {})[e.method.toLowerCase()] = {
      operationId: name,
      summary: e.summary,
      ...(roles ? { description: `Staff roles allowed: ${roles.join(', ')}.`, 'x-staff-roles': roles } : {}),
      tags: [e.access === 'dev' ? 'development' : e.root ? (e.path.startsWith('/pay/') ? 'payment pages' : 'search engines') : e.path.startsWith('/admin/') ? 'admin' : e.access],
      parameters: [
        ...(e.root || e.access === 'system' ? [] : [{ name: 'domain', in: 'header', required: shopCall(e), schema: { type: 'string' }, description: "The store's hostname." }]),
        ...parameters(e.params, 'path'),
        ...parameters(e.query, 'query'),
      ],
      ...(body ? { requestBody: body } : {}),
      responses,
      ...(auth ? { security: auth } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: {
        customer: { type: 'http', scheme: 'bearer', description: "A customer's sign-in token (login calls answer it)." },
        staff: { type: 'http', scheme: 'bearer', description: "A staff member's back-office token." },
      },
    },
  };
}
