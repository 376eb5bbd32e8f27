/**
 * A PostgreSQL cluster of its own for a fault script: made with initdb in a temporary folder,
 * listening on a free port, stopped and started at will, removed afterwards. Uses the server
 * binaries of Debian's postgresql package (/usr/lib/postgresql/<version>/bin, or PG_BIN).
 * initdb refuses to run as root, so as root every command runs as the `postgres` user.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cleanUpOnInterrupt, freePort } from './fault-support.ts';

const run = promisify(execFile);

function serverBinaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL server binaries not found: install the postgresql package or set PG_BIN');
  return join(base, newest, 'bin');
}

export interface Cluster {
  url: string;
  port: number;
  /** pg_ctl start, waiting until the cluster accepts connections. */
  start(): Promise<void>;
  /** pg_ctl stop in the given mode (`fast` ends sessions, `immediate` is a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  log(): string;
  destroy(): Promise<void>;
}

/** Options of a throwaway cluster: a fixed port (else a free one) and a connection limit. */
export interface ClusterOptions {
  port?: number;
  maxConnections?: number;
}

/** A temporary folder owned by whoever runs the server binaries, and a runner of those binaries. */
async function workspace() {
  const bin = serverBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'gemstore-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, uid, Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) => asRoot
    ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { cwd: dir })
    : run(join(bin, tool), args, { cwd: dir });
  return { dir, pg };
}

function clusterIn(dir: string, pg: Awaited<ReturnType<typeof workspace>>['pg'], port: number, maxConnections: number): Cluster {
  const data = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  cleanUpOnInterrupt(async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });
  // fsync off: a throwaway cluster; a stop in any mode still loses nothing the kernel was given.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=${maxConnections}`;
  let running = false;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pg('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await pg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    log() {
      try {
        return existsSync(logFile) && statSync(logFile).size < 5_000_000 ? readFileSync(logFile, 'utf8') : '';
      } catch {
        return '';
      }
    },
    async destroy() {
      if (running) await cluster.stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

export async function createCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const { dir, pg } = await workspace();
  await pg('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  return clusterIn(dir, pg, options.port ?? await freePort(), options.maxConnections ?? 50);
}

/**
 * A streaming standby of a running cluster: pg_basebackup over the replication protocol (initdb's
 * pg_hba.conf trusts replication connections from 127.0.0.1), with standby.signal and the primary's
 * connection written by `-R`. Started, it replays the primary's WAL as it comes and answers reads.
 */
export async function createStandby(primary: Cluster, options: ClusterOptions = {}): Promise<Cluster> {
  const { dir, pg } = await workspace();
  await pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', join(dir, 'data'), '-R', '-X', 'stream', '--no-sync']);
  return clusterIn(dir, pg, options.port ?? await freePort(), options.maxConnections ?? 50);
}
