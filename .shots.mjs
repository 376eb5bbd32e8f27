import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const base = 'http://localhost:4100';
const call = async (path, { token, body, ua } = {}) => {
  const res = await fetch(`${base}/api/admin${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { domain: 'localhost', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(ua ? { 'user-agent': ua } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json().catch(() => null) };
};
const owner = { email: 'owner@gemstore.test', password: 'demo1234' };
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const win = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
await call('/login', { body: owner, ua: iphone });
const { json: signed } = await call('/login', { body: owner, ua: win });
const token = signed.token;
const email = `meera${Date.now()}@example.test`;
await call('/staff', { token, body: { email, name: 'Meera Manager', role: 'manager' } });
const out = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
const link = /\/admin\/invite\/([A-Za-z0-9_-]+)/.exec(out.messages[0].text)[1];
const acc = await call('/invitation/accept', { body: { token: link, password: 'meera-pass-1', password_confirmation: 'meera-pass-1' }, ua: win });
console.log('accept', acc.status);
for (let i = 0; i < 12; i++) await call('/login', { body: { email, password: `wrong-${i}-pass` } });
const alerts = await call('/staff/sign-in-alerts', { token });
console.log('alerts', JSON.stringify(alerts.json));

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
const errors = [];
for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 900 }]]) {
  const page = await browser.newPage({ viewport, userAgent: name === 'phone' ? iphone : win });
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${name}: ${m.text()}`); });
  await page.goto(`${base}/admin/login`);
  await page.evaluate((t) => sessionStorage.setItem('gemstore.staff-token', t), token);
  await page.goto(`${base}/admin/security`, { waitUntil: 'networkidle' });
  await page.getByText('Where you are signed in').waitFor();
  await page.screenshot({ path: `/tmp/staff-shots/security-${name}.png`, fullPage: true });
  await page.goto(`${base}/admin/staff`, { waitUntil: 'networkidle' });
  await page.getByText('Someone is trying').waitFor();
  await page.screenshot({ path: `/tmp/staff-shots/staff-${name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Sign-ins' }).last().click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/staff-shots/member-sessions-${name}.png`, fullPage: false });
  await page.close();
  const login = await browser.newPage({ viewport });
  await login.goto(`${base}/admin/login`, { waitUntil: 'networkidle' });
  await login.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
  await login.getByLabel('Email').fill(email);
  await login.getByRole('button', { name: 'Send the code' }).click();
  await login.getByLabel('Code from the email').waitFor();
  await login.screenshot({ path: `/tmp/staff-shots/login-email-${name}.png` });
  const msgs = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const code = /\b(\d{6})\b/.exec(msgs.messages[0].text)[1];
  await login.getByLabel('Code from the email').fill(code);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await login.getByRole('heading', { name: 'Welcome, Meera Manager' }).waitFor();
  await login.goto(`${base}/admin/security`, { waitUntil: 'networkidle' });
  await login.getByText('Where you are signed in').waitFor();
  await login.screenshot({ path: `/tmp/staff-shots/member-security-${name}.png`, fullPage: true });
  await login.close();
}
await browser.close();
console.log(errors.join('\n') || 'no console errors');
