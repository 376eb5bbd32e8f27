export * from './schemas.ts';
export * from './api/index.ts';
export * from './discounts.ts';
