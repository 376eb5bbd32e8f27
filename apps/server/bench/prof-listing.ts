// Node-side CPU per listing call (no HTTP): where the server's time goes. Not part of CI.
import { openDatabase } from '@gemstore/db';
import { loadConfig } from '../src/config.ts';
import { createServices } from '../src/services.ts';
import pino from 'pino';

const url = process.env.DATABASE_URL!;
const handle = await openDatabase({ databaseUrl: url, poolSize: 4 });
const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
const services = createServices({ db: handle.db, config });
const store = (await services.stores.findById({}, 1))!;
const ctx = { store, actor: { kind: 'system' as const }, ip: '127.0.0.1', log: pino({ level: 'silent' }) };
const attrs = await services.catalog.productAttributes(ctx, 'blue-sapphire');
const top = (list: { id: number; product_stocks_count: number }[], n: number) => [...list].sort((a, b) => b.product_stocks_count - a.product_stocks_count).slice(0, n).map((o) => o.id);
const body = { filter: { product: 'blue-sapphire', grades: top(attrs.grade, 2), colors: top(attrs.colors, 2), origins: top(attrs.origin, 2), ratti: [], clarities: [], shapes: [] }, selectedCarat: { status: 0 }, selectedRatti: { range: [0, 100] } } as never;
const n = Number(process.env.N ?? 4000);
const conc = 8;
for (let i = 0; i < 300; i++) await services.catalog.listItems(ctx, body, 1);
const cpu0 = process.cpuUsage(); const t0 = performance.now();
let done = 0;
await Promise.all(Array.from({ length: conc }, async () => { while (done++ < n) await services.catalog.listItems(ctx, body, 1); }));
const cpu = process.cpuUsage(cpu0); const wall = performance.now() - t0;
console.log(`${n} listings: ${(wall / n * 1000).toFixed(0)} us wall each, ${((cpu.user + cpu.system) / n).toFixed(0)} us node CPU each, ${(n / wall * 1000).toFixed(0)}/s`);
await handle.close();
