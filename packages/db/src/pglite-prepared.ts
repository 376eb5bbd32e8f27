import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's query() parses and plans every statement afresh and crosses into WebAssembly six times
 * to do it (Parse, Describe, Bind, Describe, Execute, Sync), and it has no API for named statements.
 * For the server's reads that was most of the cost of a catalogue page. This wrapper runs SELECTs
 * as named prepared statements instead: parsed, described and planned once, then each call is one
 * Bind/Execute/Sync message. Everything else, and every statement inside a transaction (which
 * uses PGlite's own transaction object), still goes through query() unchanged.
 * See docs/decisions/0008-pglite-prepared-reads.md.
 */

interface QueryOptions { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string, typeId: number) => unknown> }
interface Statement { name: string; paramTypes: number[]; fields: { name: string; dataTypeID: number }[] }
interface BackendMessage {
  name: string;
  dataTypeIDs?: number[];
  fields?: unknown[];
  message?: string;
}

/** Past this many distinct SELECT texts, new ones run unprepared (the statement cache stays bounded). */
const MAX_STATEMENTS = 500;

const encoder = new TextEncoder();

/** One frontend protocol message: type byte, int32 length, body. */
function message(type: string, ...parts: (Uint8Array | number[])[]): Uint8Array {
  const length = parts.reduce((sum, p) => sum + p.length, 4);
  const out = new Uint8Array(1 + length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, length);
  let offset = 5;
  for (const p of parts) { out.set(p, offset); offset += p.length; }
  return out;
}
const cstring = (s: string) => { const b = encoder.encode(s); const out = new Uint8Array(b.length + 1); out.set(b); return out; };
const int16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const int32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const sync = message('S');

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let offset = 0;
  for (const c of chunks) { out.set(c, offset); offset += c.length; }
  return out;
}

export function preparingSelects(pg: PGlite): PGlite {
  const statements = new Map<string, Promise<Statement>>();
  // Names are never reused: a failed statement leaves the map, and reusing its count as a name
  // could collide with a statement prepared meanwhile.
  let prepared = 0;

  /** Runs protocol messages while holding both of PGlite's locks, as query() does. Reads leave nothing to sync to disk. */
  async function exchange(bytes: Uint8Array): Promise<BackendMessage[]> {
    const { messages } = await pg._runExclusiveTransaction(() => pg.runExclusive(() => pg.execProtocol(bytes, { throwOnError: false, syncToFs: false })));
    const failure = (messages as BackendMessage[]).find((m) => m.name === 'error');
    if (failure) throw failure;
    return messages as BackendMessage[];
  }

  function prepare(text: string): Promise<Statement> {
    let statement = statements.get(text);
    if (!statement) {
      const name = `s${prepared++}`;
      statement = exchange(concat([
        message('P', cstring(name), cstring(text), int16(0)),
        message('D', [0x53], cstring(name)),
        sync,
      ])).then((messages) => ({
        name,
        paramTypes: messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
        fields: (messages.find((m) => m.name === 'rowDescription')?.fields ?? []) as Statement['fields'],
      }));
      statements.set(text, statement);
      statement.catch(() => statements.delete(text));
    }
    return statement;
  }

  async function run(text: string, params: unknown[], options: QueryOptions) {
    const statement = await prepare(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = pg.serializers[statement.paramTypes[i]!];
      return encoder.encode(serialize ? serialize(value) : String(value));
    });
    const bind: (Uint8Array | number[])[] = [cstring(''), cstring(statement.name), int16(0), int16(values.length)];
    for (const v of values) bind.push(v === null ? int32(-1) : int32(v.length), ...(v === null ? [] : [v]));
    bind.push(int16(0));
    const messages = await exchange(concat([message('B', ...bind), message('E', cstring(''), int32(0)), sync]));
    const parsers = statement.fields.map((f) => options.parsers?.[f.dataTypeID] ?? pg.parsers[f.dataTypeID]);
    const rows = messages.filter((m) => m.name === 'dataRow').map((m) => (m.fields as (string | null)[]).map((value, i) => {
      if (value === null) return null;
      const parse = parsers[i];
      return parse ? parse(value, statement.fields[i]!.dataTypeID) : value;
    }));
    return { rows, fields: statement.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: 0 };
  }

  return new Proxy(pg, {
    get(target, property, receiver) {
      if (property === 'query') {
        return (text: string, params: unknown[] = [], options: QueryOptions = {}) =>
          options.rowMode === 'array' && /^\s*select\s/i.test(text) && (statements.has(text) || statements.size < MAX_STATEMENTS)
            ? run(text, params, options)
            : target.query(text, params, options as never);
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
