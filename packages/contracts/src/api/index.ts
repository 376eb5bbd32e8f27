export * from './endpoint.ts';
export * from './routes.ts';
export * from './client.ts';
export * from './endpoints.ts';
export * from './openapi.ts';
export * from './error-answers.ts';
