import { LogController, type FastifyLoggerOptions, type FastifyReply, type FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';
import { pino, stdSerializers, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config.ts';

/**
 * What the server logs, and what it must never log (personal data, secrets): request bodies are
 * never logged, and these keys are censored wherever a log call carries them, at the top level or
 * one object down (`{ customer: { email } }`). `message` is not among them: errors use it for their
 * own text, so a customer's message is logged under none of these names.
 */
const PERSONAL_KEYS = [
  // Passwords, their hashes, sign-in and reset tokens, one-time codes.
  'password', 'password_confirmation', 'currentPassword', 'newPassword', 'retypePassword', 'passwordHash', 'password_hash',
  'token', 'tokenHash', 'token_hash', 'verification_token', 'authorization', 'cookie',
  'otp', 'phoneOtp', 'emailOtp', 'code_hash', 'codeHash',
  // Contact details.
  'phone', 'email', 'contact', 'to', 'recipient', 'whatsappPhone',
  // Addresses.
  'address', 'landmark', 'locality', 'pincode', 'shipping_address2', 'billing_address2',
  // Message text: enquiries, codes sent, return comments, whole bodies.
  'text', 'comment', 'enquiry', 'body', 'payload',
];
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization', 'req.headers.cookie',
  ...PERSONAL_KEYS.flatMap((key) => [key, `*.${key}`]),
];

type Fields = Record<string, unknown>;

/** An error of PostgreSQL as either driver reports it (PGlite's DatabaseError, postgres.js's PostgresError). */
function isServerError(value: unknown): value is Error & Fields {
  if (!(value instanceof Error)) return false;
  const { code, severity } = value as unknown as Fields;
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** The failed statement and the server's answer, when `err` or one of its causes came from the database. */
function databaseFailure(err: Error): { query?: string; serverError?: Error & Fields } | null {
  let query: string | undefined;
  let cause: unknown = err;
  for (let depth = 0; cause instanceof Error && depth < 10; depth++) {
    if (cause instanceof DrizzleQueryError) query ??= cause.query;
    else if (isServerError(cause)) return { query: query ?? stringOrUndefined(cause.query), serverError: cause };
    cause = cause.cause;
  }
  return query === undefined ? null : { query };
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * PostgreSQL puts the rejected value at the end of some messages (`invalid input syntax for type
 * integer: "…"`, `invalid input value for enum …: "…"`); names of tables and constraints stay.
 */
function withoutValue(message: string): string {
  return message.replace(/: ".*"$/s, ': (value withheld)');
}

/**
 * Database errors carry the statement's parameters (Drizzle's message and `params`, the drivers'
 * `params`, `parameters`, `detail` with the failing row, `where` with parameter values): customers'
 * phones, emails, password hashes. They are logged as the statement's text, PostgreSQL's error code
 * and names, and the stack, nothing else. Every other error is logged as pino would.
 */
export function serializeError(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const failure = err instanceof Error ? databaseFailure(err) : null;
  if (!failure) return stdSerializers.err(err);
  const server = failure.serverError;
  const message = server ? withoutValue(server.message) : 'The database query failed.';
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const name = (key: string, driverKey: string) => stringOrUndefined(server?.[key]) ?? stringOrUndefined(server?.[driverKey]);
  return {
    type: 'DatabaseError',
    message,
    stack: [`DatabaseError: ${message}`, ...frames].join('\n'),
    code: server?.code,
    severity: server?.severity,
    table: name('table', 'table_name'),
    column: name('column', 'column_name'),
    constraint: name('constraint', 'constraint_name'),
    routine: stringOrUndefined(server?.routine),
    query: failure.query?.slice(0, 4000),
  };
}

const EMAIL_IN_TEXT = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[A-Za-z]{2,}/g;
/** 8 to 15 digits, optionally after a + and spaced singly: how mobile numbers appear in a provider's answer. */
const NUMBER_IN_TEXT = /\+?\d(?: ?\d){7,14}/g;

/** Free text with emails and phone numbers masked: a mail server's or SMS provider's refusal often quotes its recipient. */
export function withoutContactDetails(text: string): string {
  return text.replace(EMAIL_IN_TEXT, '[email]').replace(NUMBER_IN_TEXT, '[number]');
}

/** The log call's own text fields (`reason`, `message`) masked; objects are left to the serializers and the redaction list. */
function maskTopLevelText(object: Record<string, unknown>): Record<string, unknown> {
  let masked: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(object)) {
    if (typeof value !== 'string') continue;
    const clean = withoutContactDetails(value);
    if (clean !== value) (masked ??= { ...object })[key] = clean;
  }
  return masked ?? object;
}

/** Query values are left out of logged URLs: `?to=` of the dev outbox holds a phone, `?token=` of a payment page a pass. */
export function loggedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const names = [...new URLSearchParams(url.slice(start + 1)).keys()]
    .map((key) => (/^[A-Za-z_][\w.[\]-]{0,39}$/.test(key) ? key : '*'));
  return `${url.slice(0, start)}?${names.map((key) => `${key}=*`).join('&')}`;
}

/** Fastify's own request fields, with the URL's query values left out. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Development's readable log: pino-pretty formats each entry after pino has redacted, serialized and
 * masked it, so it shows no more than the JSON log would. Loaded only when asked for: production
 * never needs it.
 */
function prettyStream(destination?: FastifyLoggerOptions['stream']): PinoPretty.PrettyStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pretty({
    destination: destination ?? 1,
    sync: true,
    // Colours on a terminal only; a test's stream gets plain text.
    ...(destination ? { colorize: false } : {}),
    translateTime: 'SYS:HH:MM:ss.l',
    // The request line (OneLinePerRequest) says what `req` and `res` would; the rest stays on the same line.
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
  });
}

/** Options of the app's logger; `stream` replaces standard output (tests read the log from it). */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>, stream?: FastifyLoggerOptions['stream']): FastifyLoggerOptions & LoggerOptions {
  const destination = config.logFormat === 'pretty' ? prettyStream(stream) : stream;
  return {
    level: config.logLevel,
    ...(destination ? { stream: destination } : {}),
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, req: serializeRequest as never },
    formatters: { log: maskTopLevelText },
  };
}

/** A logger like the app's, for what happens before the app exists (migrations, the demo seed). */
export function startupLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  const { stream, ...options } = loggerOptions(config);
  return stream ? pino(options, stream as pino.DestinationStream) : pino(options);
}

/**
 * The pretty log's one line per request, in place of Fastify's two (incoming, completed):
 * `GET /api/items?page=* 200 12 ms`, its query values left out as in the JSON log.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${loggedUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, line);
    else reply.log.info({ res: reply, responseTime: reply.elapsedTime }, line);
  }
}
