import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoriesResponse, StoreProfileResponse } from '@gemstore/contracts';
import { api, hydrated, launchBrowser, openPage, origin } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('home page', () => {
  it('redirects / to /home and renders the store, slider, categories and banners on the server', async () => {
    const t = await openPage(browser);
    const { page } = t;
    const res = await page.goto(`${origin()}/`);
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/home');

    const { profile } = await api<StoreProfileResponse>('store-profile');
    expect(await page.title()).toContain(profile.name);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBeTruthy();
    // On the store's own domain (ratna.localhost, whatever host the page was opened on), as a raster rendering of the slide.
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^http:\/\/ratna\.localhost:\d+\/og-image\/.+\.png$/);

    // Header: phone, address, Sign In, cart with a count.
    await expect.poll(() => page.getByTestId('header-phone').textContent()).toContain(profile.configurationData.header.phone);
    expect(await page.getByTestId('header-address').textContent()).toContain(profile.configurationData.header.address);
    expect(await page.getByTestId('sign-in').getAttribute('href')).toBe('/login');
    expect(await page.getByTestId('cart-count').textContent()).toBe('0');

    // Slider: one slide per configured image, and it moves on by itself.
    const slides = page.getByTestId('hero-slide');
    expect(await slides.count()).toBe(profile.configurationData.slider.length);
    await hydrated(page);
    const activeIndex = () => page.evaluate(() => [...document.querySelectorAll('[data-testid="hero-slide"]')].findIndex((s) => s.classList.contains('is-active')));
    const first = await activeIndex();
    await expect.poll(activeIndex, { timeout: 4000 }).not.toBe(first);

    // Categories from GET categories, each with its products.
    const { categories } = await api<CategoriesResponse>('categories');
    const cards = page.getByTestId('category-card');
    expect(await cards.count()).toBe(categories.filter((c) => c.products.length).length);
    for (const c of categories) await expect.poll(() => page.getByTestId('category-grid').textContent()).toContain(c.name);

    // Three banners.
    expect(await page.getByTestId('promo-banner').count()).toBe(3);
    await t.close();
  });

  it('has the footer: contact, products, policies, know us, enquiry form, WhatsApp, map, year', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/home`);
    const { profile } = await api<StoreProfileResponse>('store-profile');
    const footer = profile.configurationData.footer;
    expect(await page.getByTestId('footer-address').textContent()).toBe(footer.contact.address);
    expect(await page.getByTestId('footer-products').locator('a').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('footer-policies').locator('a').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('footer-know-us').locator('a').count()).toBeGreaterThan(0);
    // The WhatsApp chat opens with the footer phone, the number the footer shows (the demo sets no
    // WhatsApp number of its own in the back office).
    const digits = footer.contact.phone.replace(/\D/g, '');
    expect(profile.configurationData.whatsappPhone).toBeUndefined();
    expect(await page.getByTestId('whatsapp-link').getAttribute('href')).toBe(`https://wa.me/${digits}`);
    expect(await page.locator('.footer__contact a[href^="tel:"]').getAttribute('href')).toBe(`tel:+${digits}`);
    const map = page.locator('.footer__map iframe');
    expect(await map.getAttribute('loading')).toBe('lazy');
    expect(await map.getAttribute('title')).toBeTruthy();
    expect(await page.getByTestId('copyright').textContent()).toContain(String(new Date().getFullYear()));
    const form = page.getByTestId('enquiry-form');
    for (const name of ['name', 'email', 'phone', 'message']) {
      expect(await form.locator(`[name="${name}"]`).getAttribute('required')).not.toBeNull();
    }
    await t.close();
  });

  it('keeps the slider still for visitors who prefer reduced motion', async () => {
    const t = await openPage(browser, { reducedMotion: true });
    const { page } = t;
    await page.goto(`${origin()}/home`);
    await hydrated(page);
    const active = () => page.locator('[data-testid="hero-slide"].is-active').getAttribute('aria-label');
    const first = await active();
    await page.waitForTimeout(2500);
    expect(await active()).toBe(first);
    // The dots still change slides.
    await page.getByRole('button', { name: 'Show slide 2' }).click();
    expect(await active()).toMatch(/^2 of/);
    await t.close();
  });

  it('opens and closes the mobile menu with the hamburger', async () => {
    const t = await openPage(browser, { phone: true });
    const { page } = t;
    await page.goto(`${origin()}/home`);
    await hydrated(page);
    const toggle = page.locator('#menu-toggle');
    expect(await page.locator('#site-nav').isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#site-nav').isVisible()).toBe(true);
    // The Gemstones group lists the products.
    await page.getByTestId('menu-gemstones').locator('button').click();
    const link = page.getByTestId('menu-gemstones').locator('a').first();
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL(/\/product\//);
    await expect.poll(() => page.locator('#site-nav').isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await t.close();
  });
});
