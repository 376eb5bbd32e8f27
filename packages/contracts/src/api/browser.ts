/**
 * The browser's entry to the API: the route table and the typed client, with no schema code
 * (`@gemstore/contracts/client`). Types come from the endpoint table as types only.
 */
export * from './routes.ts';
export * from './client.ts';
export { callUrl } from './client.ts';
export type { CallInput, CallOutput, Endpoint, Route } from './endpoint.ts';
export type { Endpoints } from './endpoints.ts';
