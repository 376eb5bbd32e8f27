export * from './schemas.ts';
export * from './api/index.ts';
