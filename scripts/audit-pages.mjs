#!/usr/bin/env node
// npm run audit:pages [-- --url http://localhost:3000] [--runs 3] [--min-performance 95] [--reports DIR] [--only home,item]
//
// Measures the storefront as a shopper's browser gets it, against the production build (it builds
// nothing: run `npm run build` first): Lighthouse's mobile performance score (median of --runs) on
// the home page, a listing, a stone and a blog post, and axe (axe-core) on every page type on a
// phone and a desktop, signed out and signed in. Prints a table; exits 1 when a page scores below
// --min-performance or axe finds a serious or critical issue.
//
// Without --url it starts the compiled server (apps/server/dist/main.js) in production, with test
// secrets, on a fresh data directory with the demo seed, on a free port, and stops it at the end.
// Chromium is Debian's /usr/bin/chromium (CHROME_PATH to use another), headless with the flags of
// the browser tests. --reports keeps each Lighthouse run's full report (DIR/{page}-{run}.json) to read
// what a score is made of; --only measures the named pages and skips axe.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'min-performance': { type: 'string', default: '95' },
    reports: { type: 'string' },
    only: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const MIN_PERFORMANCE = Number(args['min-performance']);
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
/** The flags of the browser tests (tests/e2e/browser.ts). */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const DEMO_CUSTOMER = { email: 'demo@gemstore.test', password: 'demo1234' };

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/** The compiled server in production on a fresh demo database; resolves with its origin and a stop function. */
async function startServer() {
  const bundle = join(ROOT, 'apps/server/dist/main.js');
  if (!existsSync(bundle) || !existsSync(join(ROOT, 'apps/web/build/server/index.js'))) {
    throw new Error('No production build: run `npm run build` first (this script builds nothing).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gemstore-audit-'));
  const secret = () => randomBytes(24).toString('hex');
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [bundle], {
    cwd: dataDir,
    env: {
      ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn',
      OTP_PEPPER: secret(), PAY_LINK_SECRET: secret(), SANDBOX_PAYMENT_SECRET: secret(), PRIVATE_MEDIA_SECRET: secret(),
      // Canonical links on this server's own address (the pages are measured, not their links).
      SITE_URL_SCHEME: 'http', SITE_URL_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    try {
      if ((await fetch(`${origin}/api/store-profile`, { headers: { domain: 'localhost' } })).ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`the server did not answer in 3 minutes:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    origin,
    async stop() {
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(origin, path, body, token) {
  const res = await fetch(`${origin}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { domain: 'localhost', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** One page of each type, found through the API as a shopper would reach them. */
async function pagesOf(origin) {
  const listing = await api(origin, 'product-items?page=1', { filter: { product: 'blue-sapphire' } });
  const stone = listing.data[0];
  const posts = await api(origin, 'posts?page=1');
  const post = posts.data.data[0];
  const { nonCategorizedPages } = await api(origin, 'store-profile');
  const listingPath = `/product/${stone.product.category_url}/${stone.product.url}`;
  const itemPath = `/item/${stone.url[0].url}`;
  const postPath = `/blog/${post.categories[0]?.slug ?? 'all'}/${post.url}`;
  return {
    performance: { home: '/home', listing: listingPath, item: itemPath, post: postPath },
    public: {
      home: '/home', listing: listingPath, item: itemPath, search: '/search?q=ruby', blog: '/blog', post: postPath,
      page: `/${nonCategorizedPages[0]?.url ?? 'about-us'}`, 'not found': '/no-such-page', login: '/login', register: '/register',
      'forgot password': '/forgot-password',
    },
    signedIn: {
      dashboard: '/dashboard', cart: '/cart', checkout: `/checkout?itemIds=${encodeURIComponent(JSON.stringify([stone.id]))}`,
      wishlist: '/wishlist', orders: '/order/all', addresses: '/address/all', 'new address': '/address/create', 'login & security': '/edit-profile',
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Lighthouse's mobile performance score (0 to 100) of each page, the median of RUNS runs. */
async function measurePerformance(origin, pages) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  const results = {};
  try {
    for (const [name, path] of Object.entries(pages)) {
      const scores = [];
      const metrics = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(origin + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const lhr = result.lhr;
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        if (args.reports) {
          mkdirSync(args.reports, { recursive: true });
          writeFileSync(join(args.reports, `${name}-${run + 1}.json`), JSON.stringify(lhr));
        }
        scores.push(Math.round(lhr.categories.performance.score * 100));
        metrics.push({
          lcp: lhr.audits['largest-contentful-paint'].numericValue, tbt: lhr.audits['total-blocking-time'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue, fcp: lhr.audits['first-contentful-paint'].numericValue,
        });
      }
      const score = median(scores);
      const m = metrics[scores.indexOf(score)];
      results[name] = { path, score, scores, ...m };
      console.log(`lighthouse ${name}: ${scores.join(', ')} (median ${score}); FCP ${(m.fcp / 1000).toFixed(1)} s, LCP ${(m.lcp / 1000).toFixed(1)} s, TBT ${Math.round(m.tbt)} ms, CLS ${m.cls.toFixed(3)}`);
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
const axeSource = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical violations of each page on each viewport (WCAG 2.x A and AA rules and best practices). */
async function checkAccessibility(origin, pages) {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  const { userId } = await api(origin, 'login', { phone: DEMO_CUSTOMER.email });
  const session = await api(origin, 'login-password-submit', { userId, password: DEMO_CUSTOMER.password, phone: DEMO_CUSTOMER.email });
  const results = [];
  try {
    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      for (const [group, list] of [['signed out', pages.public], ['signed in', pages.signedIn]]) {
        const context = await browser.newContext({ viewport: size });
        if (group === 'signed in') {
          await context.addInitScript((s) => {
            if (window.top !== window) return;
            window.localStorage.setItem('gemstore.token', s.token);
            window.localStorage.setItem('gemstore.user', JSON.stringify(s.user));
          }, session);
        }
        // Nothing leaves the machine (the footer's map).
        await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>offline</title>' }));
        const page = await context.newPage();
        for (const [name, path] of Object.entries(list)) {
          await page.goto(origin + path, { waitUntil: 'load' });
          await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
          // Client-loaded parts (account data, related stones) settle first.
          await page.waitForLoadState('networkidle').catch(() => {});
          await page.evaluate(axeSource);
          const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
            .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length, target: v.nodes[0]?.target.join(' ') })));
          const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          results.push({ viewport, name, path, bad, minor: violations.length - bad.length });
          console.log(`axe ${viewport} ${name}: ${bad.length ? bad.map((v) => `${v.impact} ${v.id} (${v.nodes}: ${v.target})`).join('; ') : 'no serious or critical issues'}${violations.length - bad.length ? `, ${violations.length - bad.length} minor` : ''}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

const server = args.url ? null : await startServer();
const origin = args.url ?? server.origin;
let failed = false;
try {
  const pages = await pagesOf(origin);
  const only = args.only?.split(',');
  const performance = await measurePerformance(origin, only ? Object.fromEntries(only.map((name) => [name, pages.performance[name]])) : pages.performance);
  const accessibility = only ? [] : await checkAccessibility(origin, pages);
  console.log(`\nLighthouse ${JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile, median of ${RUNS} (at least ${MIN_PERFORMANCE}):\n`);
  console.log('| page | path | performance | runs | FCP s | LCP s | TBT ms | CLS |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, r] of Object.entries(performance)) {
    if (r.score < MIN_PERFORMANCE) failed = true;
    console.log(`| ${name} | ${r.path} | ${r.score}${r.score < MIN_PERFORMANCE ? ' (below)' : ''} | ${r.scores.join(', ')} | ${(r.fcp / 1000).toFixed(1)} | ${(r.lcp / 1000).toFixed(1)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} |`);
  }
  if (!only) {
    console.log(`\naxe-core ${JSON.parse(readFileSync(join(ROOT, 'node_modules/axe-core/package.json'), 'utf8')).version}, serious and critical issues (none allowed):\n`);
    console.log('| page | phone | desktop |');
    console.log('|---|---|---|');
    const names = [...new Set(accessibility.map((r) => r.name))];
    for (const name of names) {
      const cell = (viewport) => {
        const r = accessibility.find((a) => a.name === name && a.viewport === viewport);
        if (r.bad.length) failed = true;
        return r.bad.length ? r.bad.map((v) => `${v.impact}: ${v.id}`).join(', ') : '0';
      };
      console.log(`| ${name} | ${cell('phone')} | ${cell('desktop')} |`);
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await server?.stop();
}
process.exit(failed ? 1 : 0);
