import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminHomeResponse, AdminStoreProfileResponse, PostsResponse, StoreProfileResponse } from '@gemstore/contracts';
import { api, hydrated, launchBrowser, openPage, origin } from './browser.ts';
import { signInToBackOffice, staffSession } from './back-office.ts';

/** The Indian demo store; the international one (atelier.localhost) must never show what is written here. */
const HOST = 'localhost';
const OTHER = 'atelier.localhost';

/** The typed client as the demo owner of HOST, signed in afresh (a journey may have ended the owner's other sign-ins). */
const asOwner = async () => (await staffSession(HOST)).api;

/** A storefront page as the server renders it for `host` (a crawler, a browser without JavaScript): its status and HTML. */
function rendered(host: string, path: string): Promise<{ status: number; html: string }> {
  // Node does not resolve *.localhost as browsers do: the request goes to this machine with the store's Host.
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: inject('e2ePort'), path, headers: { host: `${host}:${inject('e2ePort')}` } }, (res) => {
      let html = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { html += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, html }));
    }).on('error', reject);
  });
}

async function renderedHtml(host: string, path: string): Promise<string> {
  const { status, html } = await rendered(host, path);
  expect(status, path).toBe(200);
  return html;
}

let browser: Browser;
let files: string;
let profileBefore: AdminStoreProfileResponse['profile'];
let homeBefore: AdminHomeResponse;
beforeAll(async () => {
  browser = await launchBrowser();
  files = mkdtempSync(join(tmpdir(), 'gemstore-content-'));
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d3b6e' } }).jpeg().toFile(join(files, 'cover.jpg'));
  await sharp({ create: { width: 1800, height: 675, channels: 3, background: '#6e1d3b' } }).jpeg().toFile(join(files, 'slide.jpg'));
  const owner = await asOwner();
  profileBefore = (await owner.adminStoreProfile()).profile;
  homeBefore = await owner.adminHome();
});
afterAll(async () => {
  // The shared server's other tests read the demo store's header and slider: they get them back.
  const owner = await asOwner();
  await owner.adminUpdateStoreProfile({ body: profileBefore }).catch(() => undefined);
  await owner.adminUpdateHome({ body: { slider: homeBefore.slider.map(({ src: _s, phone_src: _p, ...s }) => s), banners: homeBefore.banners.map(({ src: _s, ...b }) => b) } }).catch(() => undefined);
  await browser?.close();
  rmSync(files, { recursive: true, force: true });
});

describe('the back office content', () => {
  it('lets the owner publish a post with a cover picture on this store only, change the header phone and add a slide', async () => {
    const { page, close } = await openPage(browser);
    await signInToBackOffice(page, HOST);
    const nav = page.getByRole('navigation', { name: 'Back office' });

    // A post: title, text in the editor (bold words too), a cover picture and a category, then published.
    const title = `Spinel, the overlooked red ${Date.now()}`;
    await nav.getByRole('link', { name: 'Blog posts' }).click();
    await page.getByRole('link', { name: 'Write a post' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    const editor = page.getByTestId('rich-text');
    await editor.waitFor({ timeout: 60_000 });
    await editor.click();
    await page.keyboard.type('Long mistaken for ruby, ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('red spinel');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' is a gem of its own.');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('cover-upload').click()]);
    await chooser.setFiles(join(files, 'cover.jpg'));
    await page.getByRole('button', { name: 'Replace picture' }).waitFor({ timeout: 60_000 });
    await page.getByRole('combobox', { name: 'Categories' }).click();
    await page.getByRole('option', { name: 'Buying Guides' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Meta description' }).fill('Why red spinel is a gem of its own.');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect.poll(() => page.getByTestId('post-status').textContent(), { timeout: 60_000 }).toBe('Published');
    const url = await page.getByRole('textbox', { name: 'Friendly url' }).inputValue();
    expect(url).toMatch(/^spinel-the-overlooked-red-\d+$/);

    // On this store's blog, server-rendered and in the browser, with its cover and bold words; not on the other store.
    const blogHtml = await renderedHtml(HOST, '/blog');
    expect(blogHtml).toContain(title);
    const postPath = `/blog/buying-guides/${url}`;
    const postHtml = await renderedHtml(HOST, postPath);
    expect(postHtml).toContain('<strong>red spinel</strong>');
    expect(postHtml).toMatch(/src="\/media\/stores\/\d+\/img\/[a-f0-9]{24}_1600x900-800\.webp"/);
    expect(postHtml).toContain('content="Why red spinel is a gem of its own."');
    const shop = await openPage(browser);
    await shop.page.goto(`${origin(HOST)}/blog`);
    await shop.page.getByRole('link', { name: title }).first().waitFor({ timeout: 30_000 });
    expect(await renderedHtml(OTHER, '/blog')).not.toContain(title);
    expect((await api<PostsResponse>('posts', { host: OTHER })).data.data.map((p) => p.title)).not.toContain(title);
    expect((await rendered(OTHER, postPath)).status).toBe(404);

    // The header phone: saved in the store profile, shown in the storefront's header at once.
    const phone = `+91 98290 ${String(Date.now()).slice(-5)}`;
    await nav.getByRole('link', { name: 'Store profile' }).click();
    await page.getByRole('textbox', { name: 'Header phone' }).fill(phone);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Saved: the shop shows it now.').waitFor({ timeout: 60_000 });
    expect(await renderedHtml(HOST, '/home')).toContain(phone);
    await shop.page.goto(`${origin(HOST)}/home`);
    await expect.poll(() => shop.page.getByTestId('header-phone').textContent(), { timeout: 30_000 }).toContain(phone);
    expect(await renderedHtml(OTHER, '/home')).not.toContain(phone);

    // A slide: its picture uploaded, its focal point, its words and link; the home page shows it after the others.
    const slidesBefore = (await api<StoreProfileResponse>('store-profile')).profile.configurationData.slider.length;
    await nav.getByRole('link', { name: 'Home page' }).click();
    await page.getByRole('button', { name: 'Add a slide' }).click();
    const slide = page.getByTestId('slider-item').last();
    // The form says what sizes fit, on a computer and on a phone.
    expect(await page.getByRole('region', { name: 'Slider' }).textContent()).toContain('1920 x 720 pixels (8:3)');
    expect(await slide.textContent()).toContain('800 x 1000 pixels (4:5)');
    const [slideChooser] = await Promise.all([page.waitForEvent('filechooser'), slide.getByRole('button', { name: 'Upload picture' }).first().click()]);
    await slideChooser.setFiles(join(files, 'slide.jpg'));
    await slide.getByRole('button', { name: 'Replace picture' }).waitFor({ timeout: 60_000 });
    // The subject is on the right, a little above the middle: a click on it sets the focal point.
    const picker = slide.getByTestId('focal-picker');
    const box = (await picker.boundingBox())!;
    await picker.click({ position: { x: box.width * 0.8, y: box.height * 0.3 } });
    await slide.getByTestId('focal-marker').waitFor();
    expect(await slide.getByRole('textbox', { name: /focal point from the left/ }).inputValue()).toBe('80');
    expect(await slide.getByRole('textbox', { name: /focal point from the top/ }).inputValue()).toBe('30');
    await slide.getByRole('textbox', { name: 'Describe the picture' }).fill('Red spinels on grey silk');
    await slide.getByRole('textbox', { name: 'Words with the picture' }).fill('Spinel season');
    await slide.getByRole('textbox', { name: 'Link' }).fill(postPath);
    await page.getByRole('button', { name: 'Save the home page' }).first().click();
    await page.getByText('Saved: the home page shows it now.').waitFor({ timeout: 60_000 });
    await shop.page.goto(`${origin(HOST)}/home`);
    await hydrated(shop.page);
    await expect.poll(() => shop.page.getByTestId('hero-slide').count(), { timeout: 30_000 }).toBe(slidesBefore + 1);
    const last = shop.page.getByTestId('hero-slide').last();
    expect(await last.getByRole('img').getAttribute('alt')).toBe('Red spinels on grey silk');
    expect(await last.getByRole('img').getAttribute('src')).toMatch(/_1800x675-1600\.webp$/);
    expect(await last.getByTestId('hero-caption').textContent()).toBe('Spinel season');
    // Cropped around its focal point; the words on the side away from it.
    expect(await last.getByRole('img').getAttribute('style')).toMatch(/object-position:\s?80% 30%/);
    expect(await last.getByTestId('hero-caption').getAttribute('class')).toBe('hero__caption hero__caption--left');
    expect(await last.getByRole('link').getAttribute('href')).toBe(postPath);
    expect(await renderedHtml(OTHER, '/home')).not.toContain('Red spinels on grey silk');

    await shop.close();
    await close();
  });

  it('never lets a script or an event handler written into a post or page reach a rendered page', async () => {
    const hostile = '<p>Care notes</p><script>window.hacked=1</script><img src="/placeholder.svg" onerror="window.hacked=2"><a href="javascript:window.hacked=3">x</a>';
    const owner = await asOwner();
    const post = await owner.adminCreatePost({ body: { title: `Hostile care notes ${Date.now()}`, body: hostile, status: 'published' } });
    const page = await owner.adminCreatePage({ body: { title: `Hostile page ${Date.now()}`, placement: 'policy', body: hostile } });
    for (const path of [`/blog/all/${post.post.url}`, `/${page.page.url}`]) {
      const html = await renderedHtml(HOST, path);
      expect(html, path).toContain('Care notes');
      expect(html, path).not.toMatch(/window\.hacked|onerror=|javascript:/);
      const { page: tab, close } = await openPage(browser);
      await tab.goto(`${origin(HOST)}${path}`);
      await hydrated(tab);
      expect(await tab.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
      await close();
    }
  });
});
