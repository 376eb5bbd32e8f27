import { pipeline, Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';

/**
 * Answers a CSV download streamed as its batches are read: a BOM so spreadsheets read UTF-8, and
 * cells that would start a formula (= + - @) guarded with an apostrophe, since a name or a tracking
 * number typed by anyone ends up in a spreadsheet. `name` becomes `name-YYYY-MM-DD.csv`.
 */
export function sendCsv<C extends string>(
  reply: FastifyReply, log: FastifyBaseLogger, batches: AsyncIterable<Record<C, string>[]>, columns: readonly C[], name: string,
): FastifyReply {
  const rows = Readable.from((async function* () { for await (const batch of batches) yield* batch; })());
  const csv = pipeline(rows, stringify({ header: true, columns: [...columns], bom: true, escape_formulas: true }), (err) => {
    if (err) log.error({ err }, `${name} export stopped`);
  });
  const day = new Date().toISOString().slice(0, 10);
  return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`).send(csv);
}
