import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { PRODUCTION_SECRETS, buildTestApp, type TestApp } from './helper.ts';
import { caller, createShop, createShopper, createStone, insertAddress, placeOrder } from './checkout-fixtures.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SECRET_NAMES = ['OTP_PEPPER', 'PAY_LINK_SECRET', 'SANDBOX_PAYMENT_SECRET'] as const;

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the configuration loaded');
}

describe('configuration in production', () => {
  it('is production when NODE_ENV is unset or empty', () => {
    expect(loadConfig({ ...PRODUCTION_SECRETS }).env).toBe('production');
    expect(loadConfig({ ...PRODUCTION_SECRETS, NODE_ENV: '' }).env).toBe('production');
    expect(loadConfig({ ...PRODUCTION_SECRETS }).checkout.sandboxEnabled).toBe(false);
  });

  it('refuses to load without the secrets, naming each missing one', () => {
    const message = configError({ NODE_ENV: 'production' });
    for (const name of SECRET_NAMES) expect(message).toMatch(new RegExp(`${name}: must be set to a secret of your own in production`));
    // NODE_ENV unset is production too.
    expect(configError({})).toContain('OTP_PEPPER');
    for (const name of SECRET_NAMES) {
      const { [name]: _missing, ...others } = PRODUCTION_SECRETS;
      const only = configError({ NODE_ENV: 'production', ...others });
      expect(only).toContain(`${name}:`);
      for (const other of SECRET_NAMES.filter((n) => n !== name)) expect(only).not.toContain(`${other}:`);
    }
  });

  it('refuses the built-in development values given explicitly, and any one of them in another variable', () => {
    const development = loadConfig({ NODE_ENV: 'development' });
    expect(configError({ ...PRODUCTION_SECRETS, NODE_ENV: 'production', OTP_PEPPER: development.auth.otpPepper })).toContain('OTP_PEPPER:');
    expect(configError({ ...PRODUCTION_SECRETS, NODE_ENV: 'production', PAY_LINK_SECRET: development.checkout.payLinkSecret })).toContain('PAY_LINK_SECRET:');
    expect(configError({ ...PRODUCTION_SECRETS, NODE_ENV: 'production', SANDBOX_PAYMENT_SECRET: development.checkout.sandboxSecret })).toContain('SANDBOX_PAYMENT_SECRET:');
    expect(configError({ ...PRODUCTION_SECRETS, NODE_ENV: 'production', OTP_PEPPER: development.checkout.payLinkSecret })).toContain('OTP_PEPPER:');
  });

  it('refuses the sandbox provider in production', () => {
    expect(configError({ ...PRODUCTION_SECRETS, NODE_ENV: 'production', SANDBOX_PAYMENTS: 'true' })).toMatch(/SANDBOX_PAYMENTS: cannot be on in production/);
    expect(loadConfig({ ...PRODUCTION_SECRETS, NODE_ENV: 'production', SANDBOX_PAYMENTS: 'false' }).checkout.sandboxEnabled).toBe(false);
  });

  it('runs the demo on the built-in secrets in development and test only', () => {
    for (const mode of ['development', 'test']) {
      const config = loadConfig({ NODE_ENV: mode });
      expect(config.env).toBe(mode);
      expect(config.checkout.sandboxEnabled).toBe(true);
    }
    expect(configError({ NODE_ENV: 'staging' })).toContain('NODE_ENV');
  });
});

describe('an app in production mode', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp({ NODE_ENV: '', ...PRODUCTION_SECRETS }); });
  afterAll(() => t?.close());

  it('has no dev outbox and takes no sandbox payment', async () => {
    expect(t.config.env).toBe('production');
    const shop = await createShop(t.db);
    expect((await t.app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/dev/outbox?to=9812345678', headers: { domain: shop.domain } })).statusCode).toBe(404);

    const who = await createShopper(t.db, shop.store.id);
    const address = await insertAddress(t.db, shop.store.id, who.id);
    const stone = await createStone(t.db, shop);
    const orderId = (await placeOrder(t, shop, who, [stone.id], address.id)).json().orderId as number;
    const pay = await caller(t, shop.domain)('/api/retry-pay', who, { orderId });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('payments_unavailable');
    expect((await t.app.inject({ url: `/pay/sandbox/${orderId}?token=x` })).statusCode).toBe(404);
  });
});

/** The server as `tsx apps/server/src/main.ts` starts it: the environment of this process without the given names. */
function serverEnv(without: string[], extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of without) delete env[name];
  return env;
}

/** `tsx apps/server/src/main.ts` as a child process; stop() ends it (if still running) and waits for its exit. */
function startServerProcess(env: NodeJS.ProcessEnv) {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  return {
    exited,
    output: () => output,
    async stop(): Promise<void> {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(() => { dataDir = mkdtempSync(join(tmpdir(), 'gemstore-production-')); });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('started without NODE_ENV and with the built-in secrets, exits non-zero naming the missing variables', async () => {
    const server = startServerProcess(serverEnv(['NODE_ENV', 'DATABASE_URL', ...SECRET_NAMES], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }));
    const code = await Promise.race([server.exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 100_000))]);
    await server.stop();
    expect(code).not.toBe('running');
    expect(code).not.toBe(0);
    expect(server.output()).toContain('Invalid configuration');
    for (const name of SECRET_NAMES) expect(server.output()).toContain(`${name}: must be set to a secret of your own in production`);
  }, 120_000);
});
