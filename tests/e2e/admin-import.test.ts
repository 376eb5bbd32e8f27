import type { Browser } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STONE_CSV_COLUMNS } from '@gemstore/contracts';
import { launchBrowser, openPage, origin } from './browser.ts';
import { signInToBackOffice, staffApi } from './back-office.ts';

let browser: Browser;
let files: string;
beforeAll(async () => {
  browser = await launchBrowser();
  files = mkdtempSync(join(tmpdir(), 'gemstore-import-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(files, { recursive: true, force: true });
});

/** The Indian demo store. Imported stones are drafts, so the storefront other tests read is unchanged. */
const HOST = 'localhost';

type CsvRow = Record<string, string>;

describe('stones in and out of the back office as CSV', () => {
  it('keeps the list\'s filters in its address, exports what they find, and imports 1,000 rows: a dry run first, then a job with a progress bar', async () => {
    const { page, close } = await openPage(browser);
    await signInToBackOffice(page, HOST);
    await page.goto(`${origin(HOST)}/admin/stones`);
    const total = page.getByTestId('stones-total');
    await total.waitFor();
    const everything = await total.textContent();

    // Filters: a gem, then a colour and a shape beside the list's other filters.
    const filters = page.getByRole('search', { name: 'Filter the stones' });
    await filters.getByRole('combobox', { name: 'Gem' }).click();
    await page.getByRole('option', { name: 'Blue Sapphire', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.has('product'));
    // Two colours chosen one after the other on a slow device: both count (each choice reads the address the last one wrote).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await filters.getByRole('combobox', { name: 'Colour' }).click();
    await page.getByRole('option', { name: 'Royal Blue' }).click();
    await page.getByRole('option', { name: 'Cornflower Blue' }).click();
    await page.keyboard.press('Escape');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await filters.getByRole('combobox', { name: 'Shape' }).click();
    await page.getByRole('option', { name: 'Oval' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => u.searchParams.get('colors')?.split(',').length === 2 && u.searchParams.has('shapes'), { timeout: 30_000 });
    // The list shows what the API finds for the filters in the address.
    const token = await page.evaluate(() => sessionStorage.getItem('gemstore.staff-token'));
    const listed = await staffApi<{ total: number }>(HOST, `stones${new URL(page.url()).search}`, { token: token! });
    expect(listed.total).toBeGreaterThan(0);
    const filtered = `${listed.total.toLocaleString('en-IN')} ${listed.total === 1 ? 'stone' : 'stones'}`;
    await expect.poll(() => total.textContent(), { timeout: 30_000 }).toBe(filtered);
    expect(filtered).not.toBe(everything);
    const count = listed.total;

    // A reload, or the address opened afresh, shows the same stones with the same filters chosen.
    const address = page.url();
    await page.reload();
    await expect.poll(() => total.textContent(), { timeout: 30_000 }).toBe(filtered);
    // The selects show their names once the store's lists have loaded, which can come after the count.
    await expect.poll(() => filters.getByRole('combobox', { name: 'Gem' }).inputValue(), { timeout: 30_000 }).toBe('Blue Sapphire');
    const chosen = (name: string) => filters.getByRole('combobox', { name }).locator('xpath=ancestor::*[contains(@class,"mantine-MultiSelect-root")][1]').innerText();
    await expect.poll(() => chosen('Colour'), { timeout: 30_000 }).toMatch(/Royal Blue[\s\S]*Cornflower Blue/);
    expect(await chosen('Shape')).toContain('Oval');
    expect(page.url()).toBe(address);

    // The export writes the stones the filters find, every page, in the import's columns.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^stones-\d{4}-\d{2}-\d{2}\.csv$/);
    const exportedPath = join(files, 'exported.csv');
    await download.saveAs(exportedPath);
    const exported = parse(readFileSync(exportedPath), { bom: true, columns: true }) as CsvRow[];
    expect(Object.keys(exported[0]!)).toEqual([...STONE_CSV_COLUMNS]);
    expect(exported).toHaveLength(count);
    for (const row of exported) {
      expect(row.product).toBe('Blue Sapphire');
      expect(['Royal Blue', 'Cornflower Blue']).toContain(row.color);
      expect(row.shape).toBe('Oval');
    }

    // 1,000 new stones made from the exported ones (new SKUs, name and url left to be made, drafts), three of them wrong.
    const rows: CsvRow[] = Array.from({ length: 1000 }, (_, i) => ({
      ...exported[i % exported.length]!, sku: `IMP-${String(i + 1).padStart(4, '0')}`, name: '', url: '', status: '',
    }));
    rows[99]!.grade = 'Museum grade';
    rows[499]!.weight_mg = 'heavy';
    rows[899]!.product = 'Unobtainium';
    const csvPath = join(files, 'new-stones.csv');
    writeFileSync(csvPath, stringify(rows, { header: true, columns: [...STONE_CSV_COLUMNS] }));

    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import stones' }).waitFor();
    await page.locator('input[type=file]').setInputFiles(csvPath);
    await page.getByRole('button', { name: 'Check the file' }).click();
    const report = page.getByTestId('dry-run-report');
    await report.waitFor({ timeout: 90_000 });
    expect(await report.getByRole('status').textContent()).toContain('1,000 rows read: 997 ready to import, 3 to correct');
    const problems = await page.getByRole('table', { name: 'Problems found in the file' }).getByTestId('import-error').allInnerTexts();
    expect(problems.map((p) => p.split('\t').slice(0, 2).join(' '))).toEqual(['101 grade', '501 weight_mg', '901 product']);
    expect(problems[0]).toContain('No grade "Museum grade"');
    // Nothing was written by the check.
    await page.goto(`${origin(HOST)}/admin/stones?q=IMP-`);
    await expect.poll(() => total.textContent(), { timeout: 30_000 }).toBe('No stones match.');
    await page.goBack();
    await page.getByRole('heading', { name: 'Import stones' }).waitFor();

    // The import: every state of the job page's progress bar is written down as it is shown.
    await page.locator('input[type=file]').setInputFiles(csvPath);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await report.waitFor({ timeout: 90_000 });
    await page.evaluate(() => {
      const seen: { value: string | null; done: boolean }[] = [];
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      const record = () => {
        const bar = document.querySelector('[data-testid=import-progress] [role=progressbar]');
        if (!bar) return;
        const value = bar.getAttribute('aria-valuenow');
        const done = document.querySelector('[data-testid=import-result]') !== null;
        const last = seen.at(-1);
        if (!last || last.value !== value || last.done !== done) seen.push({ value, done });
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Import 997 stones' }).click();
    await page.waitForURL((u) => /\/admin\/stones\/import\/\d+$/.test(u.pathname));
    const result = page.getByTestId('import-result');
    await result.waitFor({ timeout: 90_000 });
    expect(await result.textContent()).toContain('997 added, 0 updated, 3 skipped');
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: { value: string | null; done: boolean }[] }).progressSeen);
    // The bar was on the page before the job was over, and it ended full.
    expect(seen.findIndex((s) => !s.done && Number(s.value) < 100)).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)).toEqual({ value: '100', done: true });
    expect(await page.getByRole('table', { name: 'Rows skipped' }).getByTestId('import-error').count()).toBe(3);

    // The job is kept: after a reload its page and the list of imports show it.
    await page.reload();
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain('997 added');
    await page.getByRole('link', { name: 'Imports' }).click();
    const job = page.getByTestId('import-job').filter({ hasText: 'new-stones.csv' }).first();
    await job.waitFor();
    expect(await job.textContent()).toContain('997 added, 0 updated, 3 skipped');

    // The stones are in the list, as drafts.
    await page.goto(`${origin(HOST)}/admin/stones?q=IMP-&status=draft`);
    await expect.poll(() => total.textContent(), { timeout: 30_000 }).toBe('997 stones');
    await close();
  });

  it('shows the import pages on a phone', async () => {
    const { page, close } = await openPage(browser, { phone: true });
    await signInToBackOffice(page, HOST);
    await page.goto(`${origin(HOST)}/admin/stones/import`);
    await page.getByRole('heading', { name: 'Import stones' }).waitFor();
    // Nothing wider than the screen but the tables, which scroll in their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await close();
  });
});
