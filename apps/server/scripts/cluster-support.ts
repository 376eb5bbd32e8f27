/**
 * What `npm run test:cluster` (cluster.ts) runs beside the database, the servers and the balancer:
 * the providers the servers send customer messages to (an SMTP server and an MSG91-style SMS API,
 * both on loopback, keeping every message they take), and readers of what shows that each
 * background job ran once (each process's metrics, pg-boss's job tables).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type postgres from 'postgres';
import { SMTPServer } from 'smtp-server';

/** An email as the SMTP server took it. */
export interface Mail { to: string[]; subject: string; text: string }

/** A call to the SMS API: its path (/flow or /voice/call) and the recipient's number, code and facts. */
export interface Text { path: string; mobile: string; template: string; otp?: string; variables: Record<string, string> }

export interface Providers {
  smtpPort: number;
  /** The SMS API's base (SMS_API_URL). */
  smsUrl: string;
  mails: Mail[];
  texts: Text[];
  /** Waits until `found` answers something from what arrived (or the time is up: undefined). */
  waitFor<T>(found: () => T | undefined, timeoutMs?: number): Promise<T | undefined>;
  close(): Promise<void>;
}

/** An RFC 2047 encoded word (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) as text. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*(?==\?)?/g, (_, _charset: string, encoding: string, data: string) => {
    if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
    const bytes = data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  });
}

/** The Subject header of a raw message (unfolded, decoded). */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => /^subject:/i.test(l)) ?? '';
  return decodeWords(line.replace(/^subject:\s*/i, '').trim());
}

/** An SMTP server (smtp-server, no TLS, no sign-in) and an SMS API answering success, on free loopback ports. */
export async function startProviders(): Promise<Providers> {
  const mails: Mail[] = [];
  const texts: Text[] = [];
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: subjectOf(raw), text: raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const sms: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString(); });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { template_id?: string; template?: string; client_number?: string; recipients?: Record<string, string>[]; variables?: { otp?: { value?: string } } };
      const path = (req.url ?? '').replace(/^\/api\/v5/, '');
      if (path === '/voice/call') {
        texts.push({ path, mobile: body.client_number ?? '', template: body.template ?? '', otp: body.variables?.otp?.value, variables: {} });
      } else {
        for (const { mobiles, otp, ...variables } of body.recipients ?? []) texts.push({ path, mobile: mobiles ?? '', template: body.template_id ?? '', otp, variables });
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'success', message: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    smsUrl: `http://127.0.0.1:${(sms.address() as AddressInfo).port}/api/v5`,
    mails,
    texts,
    async waitFor(found, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = found();
        if (value !== undefined || Date.now() > deadline) return value;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      sms.closeAllConnections();
      await new Promise<void>((resolve) => sms.close(() => resolve()));
    },
  };
}

/** One process's metrics (Prometheus's text format): each sample's value by its name and labels as written. */
export async function scrapeMetrics(port: number, token: string): Promise<Map<string, number>> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`the metrics on ${port} answered ${res.status}`);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)/.exec(line);
    if (m) samples.set(m[1]!, Number(m[2]));
  }
  return samples;
}

/** A per-queue counter of one scrape (`gemstore_jobs_completed_total`, `gemstore_jobs_failed_total`), 0 when the process never counted it. */
export const perQueue = (samples: Map<string, number>, name: string, queue: string) => samples.get(`${name}{queue="${queue}"}`) ?? 0;

/** One pg-boss job, from its live table or its archive. */
export interface JobRow { id: string; name: string; state: string; slot: string | null; data: Record<string, unknown>; output: Record<string, unknown> | null; retries: number }

/** Every job of these queues that pg-boss holds (schema pgboss: `job`, and `archive` for jobs it has moved on). */
export async function jobRows(sql: postgres.Sql, queues: string[]): Promise<JobRow[]> {
  const tables = await sql<{ name: string }[]>`select table_name as name from information_schema.tables where table_schema = 'pgboss' and table_name in ('job', 'archive')`;
  const rows: JobRow[] = [];
  for (const { name: table } of tables) {
    rows.push(...await sql<JobRow[]>`
      select id::text, name, state::text, singleton_on::text as slot, data, output, retry_count as retries
      from ${sql('pgboss')}.${sql(table)} where name = any(${queues}::text[])`);
  }
  return rows;
}
