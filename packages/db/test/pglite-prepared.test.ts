import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparingSelects } from '../src/pglite-prepared.ts';

describe('PGlite SELECTs as named prepared statements', () => {
  let raw: PGlite;
  let pg: PGlite;
  beforeAll(async () => {
    raw = await PGlite.create();
    pg = preparingSelects(raw);
    await raw.exec(`create table stones (id int primary key, name text, carats numeric, sold boolean, added timestamptz);
      insert into stones values (1, 'Ruby', 1.25, false, '2026-01-02T03:04:05Z'), (2, 'Emerald', null, true, '2026-02-03T04:05:06Z')`);
  });
  afterAll(() => raw.close());

  const array = { rowMode: 'array' as const };
  const selectByIds = 'select id, name, carats, sold, added from stones where id = any($1::int[]) order by id';

  it('answers as query() does, values parsed by their types', async () => {
    const expected = await raw.query(selectByIds, [[1, 2]], array);
    const prepared = await pg.query(selectByIds, [[1, 2]], array);
    expect(prepared.rows).toEqual(expected.rows);
    expect(prepared.rows[0]).toEqual([1, 'Ruby', '1.25', false, new Date('2026-01-02T03:04:05Z')]);
    expect(prepared.rows[1]).toEqual([2, 'Emerald', null, true, new Date('2026-02-03T04:05:06Z')]);
  });

  it('prepares each text once, under its own name', async () => {
    await pg.query('select name from stones where id = $1', [1], array);
    await pg.query('select name from stones where id = $1', [2], array);
    const names = await raw.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements');
    expect(names.rows.filter((r) => r.statement === 'select name from stones where id = $1')).toHaveLength(1);
  });

  it('takes null parameters and per-call parsers', async () => {
    const res = await pg.query('select $1::text is null as missing, added from stones where id = 1', [null], {
      rowMode: 'array', parsers: { 1184: (value: string) => `raw:${value}` },
    });
    expect(res.rows).toEqual([[true, expect.stringMatching(/^raw:2026-01-02/)]]);
  });

  it('reports a failing statement and keeps working afterwards', async () => {
    await expect(pg.query('select 1 / $1::int', [0], array)).rejects.toMatchObject({ message: 'division by zero' });
    await expect(pg.query('select nope from stones', [], array)).rejects.toMatchObject({ message: expect.stringContaining('nope') });
    expect((await pg.query('select count(*)::int from stones', [], array)).rows).toEqual([[2]]);
  });

  it('names every new statement afresh, even after one failed while others were being prepared', async () => {
    const [bad, good] = await Promise.allSettled([
      pg.query('select missing_column from stones', [], array),
      pg.query('select id from stones where id = $1', [1], array),
    ]);
    expect(bad.status).toBe('rejected');
    expect(good.status).toBe('fulfilled');
    expect((await pg.query('select name from stones where id = $1 and not sold', [1], array)).rows).toEqual([['Ruby']]);
  });

  it('never runs inside another caller\'s open transaction', async () => {
    let pending: Promise<{ rows: unknown[][] }> | undefined;
    await expect(pg.transaction(async (tx) => {
      await tx.query(`insert into stones values (3, 'Opal', 2, false, now())`);
      pending = pg.query('select count(*)::int from stones', [], array);
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect((await pending!).rows).toEqual([[2]]);
  });

  it('leaves writes and object rows to query()', async () => {
    await pg.query(`insert into stones values (4, 'Topaz', 3, false, now())`);
    const rows = await pg.query<{ name: string }>('select name from stones where id = $1', [4]);
    expect(rows.rows).toEqual([{ name: 'Topaz' }]);
  });
});
