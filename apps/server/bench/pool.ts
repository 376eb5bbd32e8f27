/**
 * npm run bench:pool [-- --rounds 8 --queries 40000 --callers 50]
 *
 * The cost of one query through postgres.js as a sustained load goes on: 50 callers each sending
 * `select 1` as soon as their previous one answers, in rounds of 40,000 queries, with the pool the
 * server opens (4 connections) at the driver's default `max_pipeline` (100) and at the project's
 * (MAX_QUERIES_IN_FLIGHT_PER_CONNECTION). The default's cost grows round after round
 * (docs/decisions/0034). Needs PostgreSQL (BENCH_DATABASE_URL, default the local server).
 */
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { MAX_QUERIES_IN_FLIGHT_PER_CONNECTION } from '@gemstore/db';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '8' },
    queries: { type: 'string', default: '40000' },
    callers: { type: 'string', default: '50' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const rounds = Number(args.rounds);
const queries = Number(args.queries);
const callers = Number(args.callers);

/** Microseconds per query of each round. */
async function run(maxPipeline: number): Promise<number[]> {
  // max_pipeline is read by the driver but missing from its type declarations (packages/db/src/client.ts).
  const sql = postgres(args['pg-url'], { max: 4, onnotice: () => {}, ...{ max_pipeline: maxPipeline } });
  const perQuery: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      let sent = 0;
      const t0 = performance.now();
      await Promise.all(Array.from({ length: callers }, async () => {
        while (sent++ < queries) await sql`select 1`;
      }));
      perQuery.push(((performance.now() - t0) / queries) * 1000);
    }
  } finally {
    await sql.end();
  }
  return perQuery;
}

console.log(`${callers} callers, 4 connections, ${rounds} rounds of ${queries} queries; microseconds per query in each round:`);
for (const maxPipeline of [100, MAX_QUERIES_IN_FLIGHT_PER_CONNECTION]) {
  const us = await run(maxPipeline);
  console.log(`max_pipeline ${String(maxPipeline).padStart(3)}: ${us.map((u) => u.toFixed(1).padStart(6)).join(' ')}`);
}
