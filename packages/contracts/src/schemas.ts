export * from './common.ts';
export * from './store.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './money.ts';
export * from './urls.ts';
export * from './auth.ts';
export * from './checkout.ts';
