/**
 * How a failed query says that the database itself is out of reach, as opposed to a bad statement
 * or a broken rule: the server answers the first kind with 503 and a retry-after.
 */
import { DrizzleQueryError } from 'drizzle-orm';

/** No connection could be made: refused, timed out, unknown host, or a server starting up or shutting down. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN',
  'CONNECT_TIMEOUT', // postgres.js gave up connecting (connect_timeout)
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
]);

/** A connection that was open broke: the server went away mid-query, or the connection was ended. */
const LOST_CODES = new Set([
  'ECONNRESET', 'EPIPE',
  'CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECTION_ENDED', // postgres.js
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '08000', '08003', '08006', '08007', // connection_exception and its kinds
]);

export interface DatabaseFailure {
  /** 'unreachable': no connection could be made; 'lost': an open one broke. */
  kind: 'unreachable' | 'lost';
  /** The driver's or PostgreSQL's code (ECONNREFUSED, 57P01…): safe to log, unlike the message, which can carry a statement's parameters. */
  code: string;
}

function failureOfCode(code: unknown): DatabaseFailure | undefined {
  if (typeof code !== 'string') return undefined;
  if (UNREACHABLE_CODES.has(code)) return { kind: 'unreachable', code };
  if (LOST_CODES.has(code)) return { kind: 'lost', code };
  return undefined;
}

/**
 * A transaction that could not begin, commit or roll back because the connection failed. Drizzle
 * wraps the errors of the statements it sends, but not those of postgres.js's own BEGIN, COMMIT
 * and ROLLBACK; openDatabase wraps those in this, so a socket error of another client (an SMTP or
 * payment call) is never taken for the database's.
 */
export class DatabaseConnectionError extends Error {
  constructor(cause: unknown) {
    super('The connection to the database failed.', { cause });
    this.name = 'DatabaseConnectionError';
  }
}

/** Wraps a transaction's connection failure (see DatabaseConnectionError); other errors pass unchanged. */
export function asDatabaseConnectionError(error: unknown): unknown {
  return failureOfCode((error as { code?: unknown } | null)?.code) ? new DatabaseConnectionError(error) : error;
}

/**
 * How the database failed (unreachable, or an open connection lost), or undefined for every other
 * error. Only errors that came out of the database client count: a PostgreSQL error, or a driver
 * error inside Drizzle's or the transaction's wrapper.
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  let current: unknown = error;
  let fromDatabase = false;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (current instanceof DrizzleQueryError || current instanceof DatabaseConnectionError || (current as Error).name === 'PostgresError') {
      fromDatabase = true;
    }
    const failure = fromDatabase ? failureOfCode((current as { code?: unknown }).code) : undefined;
    if (failure) return failure;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
