import { openDatabase } from '@gemstore/db';
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 1, onQuery: (q: string) => { if (/json_agg|"page"/.test(q)) console.log(q); } } as never);
const { loadConfig } = await import('../src/config.ts'); const { createServices } = await import('../src/services.ts');
const services = createServices({ db: handle.db, config: loadConfig({ ...process.env, NODE_ENV: 'development' }) });
const store = (await services.stores.findById({}, 1))!;
const ctx = { store, actor: { kind: 'system' as const }, ip: '1', log: (await import('pino')).default({ level: 'silent' }) };
const body = { filter: { product: 'blue-sapphire', grades: [1,2], colors: [3,4], origins: [5,6], ratti: [], clarities: [], shapes: [] }, selectedCarat: { status: 0 }, selectedRatti: { range: [0, 100] } } as never;
await services.catalog.listItems(ctx, body, 1);
await handle.close();
