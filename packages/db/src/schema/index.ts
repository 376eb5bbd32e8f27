export * from './stores.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './customers.ts';
export * from './orders.ts';
export * from './staff.ts';
export * from './imports.ts';
