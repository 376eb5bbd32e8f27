/**
 * Runs each fault script once, short, against the real server (vitest project `faults`). The
 * scripts judge the figures themselves and exit non-zero when a target is missed; the bounds given
 * here are generous for a busy shared machine, and the output shows the real figures.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './fault-support.ts';

function runScript(script: string, args: string[], timeoutMs = 170_000): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/scripts', script), ...args], {
      // Interrupted before the test's own time runs out, so the script still removes its cluster.
      cwd: ROOT, maxBuffer: 16 * 1024 * 1024, timeout: timeoutMs, killSignal: 'SIGINT',
    }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe('fault scripts', () => {
  it('fault:outage: 503 database_unavailable while PostgreSQL is stopped, 200 again once it is back, no partial orders', async () => {
    const { code, output } = await runScript('fault-outage.ts', [
      '--warm', '1', '--outage', '2', '--recovery', '2', '--workers', '8', '--max-fail-ms', '5000', '--max-recovery-ms', '5000',
    ]);
    console.log(output);
    expect(output).toContain('all targets met');
    expect(code).toBe(0);
  });

  it('fault:sigterm, one process and then two workers (WEB_CONCURRENCY=2) on the same database: no resets and no 5xx for requests on accepted connections, new ones refused, and the process exits by itself', async () => {
    const { code, output } = await runScript('fault-sigterm.ts', ['--postgres', '--web-concurrency', '1,2', '--before', '1', '--workers', '16', '--max-exit-seconds', '15'], 260_000);
    console.log(output);
    expect(output).toContain('SIGTERM under load (PostgreSQL, 16 keep-alive connections');
    expect(output).toContain('SIGTERM under load (PostgreSQL, 2 server workers, 16 keep-alive connections');
    expect(output.match(/all targets met/g)).toHaveLength(2);
    expect(code).toBe(0);
  }, 270_000);

  it('fault:transactions: no transaction fails while fifty connections keep PostgreSQL busy', async () => {
    const { code, output } = await runScript('fault-transactions.ts', ['--seconds', '4']);
    console.log(output);
    expect(output).toContain('all targets met');
    expect(code).toBe(0);
  });
});
