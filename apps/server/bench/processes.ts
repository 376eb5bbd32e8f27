/** What the benchmark scripts share: the repository, throwaway production secrets, and servers started, awaited and stopped. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { DEVELOPMENT_SECRETS } from '../src/config.ts';

export const root = resolve(import.meta.dirname, '../../..');
export const tsx = join(root, 'node_modules/.bin/tsx');
/** Production refuses the built-in development secrets; the benchmark's servers get throwaway ones. */
export const productionSecrets = Object.fromEntries(Object.keys(DEVELOPMENT_SECRETS).map((name) => [name, randomBytes(24).toString('hex')]));

export function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(tsx, [script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code) => { if (code && code !== 0 && !child.killed) console.error(`${script} exited with ${code}`); });
  return child;
}

export async function waitFor(url: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 600; i++) {
    try { if ((await fetch(url, { headers })).status < 500) return; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
