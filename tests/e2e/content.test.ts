import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResponse, PostCategoriesResponse, PostResponse, PostsResponse, StoreProfileResponse } from '@gemstore/contracts';
import { api, hydrated, launchBrowser, openPage, origin } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('blog', () => {
  it('lists posts with a categories sidebar and loads the next page on scroll', async () => {
    const [first, { categories }] = await Promise.all([api<PostsResponse>('posts?page=1'), api<PostCategoriesResponse>('post-categories')]);
    expect(first.data.last_page).toBeGreaterThan(1);
    const t = await openPage(browser);
    const { page } = t;
    expect((await page.goto(`${origin()}/blog`))?.status()).toBe(200);
    expect(await page.getByTestId('post-card').count()).toBe(first.data.data.length);
    for (const c of categories) expect(await page.getByTestId('blog-categories').getByRole('link', { name: c.name }).count()).toBe(1);
    await hydrated(page);
    await page.mouse.wheel(0, 20000);
    await expect.poll(() => page.getByTestId('post-card').count()).toBe(Math.min(first.data.total, first.data.per_page * 2));
    await t.close();
  });

  it('shows one category, then a post with its date, categories, cover and body', async () => {
    const { categories } = await api<PostCategoriesResponse>('post-categories');
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/blog`);
    await hydrated(page);
    const category = categories[0]!;
    const inCategory = await api<PostsResponse>(`posts-by-category-id/${category.slug}?page=1`);
    await page.getByTestId('blog-categories').getByRole('link', { name: category.name }).click();
    await page.waitForURL(`**/blog/${category.slug}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(category.name);
    await expect.poll(() => page.getByTestId('post-card').count()).toBe(inCategory.data.data.length);

    const summary = inCategory.data.data[0]!;
    await page.getByRole('link', { name: summary.title }).click();
    await page.waitForURL(`**/blog/*/${summary.url}`);
    const { post } = await api<PostResponse>(`post/${summary.url}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(post.title);
    expect(await page.getByTestId('post-date').getAttribute('datetime')).toBe(post.published_at);
    expect(await page.getByTestId('post-categories').textContent()).toContain(post.categories[0]!.name);
    expect((await page.getByTestId('post-body').textContent())?.length).toBeGreaterThan(100);
    expect(await page.title()).toContain(post.title);
    await t.close();
  });

  it('gives a post without a cover the default cover, and renders the post on the server', async () => {
    const all = [...(await api<PostsResponse>('posts?page=1')).data.data, ...(await api<PostsResponse>('posts?page=2')).data.data];
    const bare = all.find((p) => !p.cover_photo_url);
    expect(bare, 'a demo post without a cover').toBeDefined();
    const t = await openPage(browser, { javaScript: false });
    const { page } = t;
    expect((await page.goto(`${origin()}/blog/${bare!.categories[0]?.slug ?? 'all'}/${bare!.url}`))?.status()).toBe(200);
    expect(await page.locator('.post__cover img').getAttribute('src')).toBe('/default-blog-cover.svg');
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    await t.close();
  });

  it('reads /blog/{category}/{n} as page n of the category', async () => {
    const t = await openPage(browser, { javaScript: false });
    const { categories } = await api<PostCategoriesResponse>('post-categories');
    const res = await t.page.goto(`${origin()}/blog/${categories[0]!.slug}/1`);
    expect(res?.status()).toBe(200);
    expect(await t.page.locator('h1').textContent()).toBe(categories[0]!.name);
    await t.close();
  });
});

describe('static page and 404', () => {
  it('renders a static page by its url with its own title and description', async () => {
    const { pages } = await api<{ pages: { url: string }[] }>('know-us-pages');
    const { page: content } = await api<PageResponse>(`page/${pages[0]!.url}`);
    const { profile } = await api<StoreProfileResponse>('store-profile');
    const t = await openPage(browser);
    const { page } = t;
    expect((await page.goto(`${origin()}/${content.url}`))?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe(content.title);
    expect(await page.title()).toBe(`${content.title} | ${profile.name}`);
    if (content.meta_description) expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(content.meta_description);
    expect((await page.getByTestId('static-page').textContent())?.length).toBeGreaterThan(content.title.length + 50);
    await t.close();
  });

  it('shows a 404 page for any other path, whose Go to Home button leads home', async () => {
    const t = await openPage(browser);
    const { page } = t;
    const res = await page.goto(`${origin()}/there/is/nothing/here`);
    expect(res?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    expect(await page.title()).toContain('Page not found');
    await hydrated(page);
    await page.getByTestId('go-home').click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByTestId('hero-slider').count()).toBe(1);
    await t.close({ allow: [/status of 404 .*\/there\/is\/nothing\/here/] });
  });
});

describe('enquiry form', () => {
  it('submits to the server and shows its answer', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await page.goto(`${origin()}/home`);
    await hydrated(page);
    const form = page.getByTestId('enquiry-form');
    await form.getByLabel('Name').fill('Asha Verma');
    await form.getByLabel('Email').fill('asha@example.com');
    await form.getByLabel('Phone').fill('+91 98765 43210');
    await form.getByLabel('Message').fill('Do you have a 5 ratti yellow sapphire from Ceylon?');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/enquiry'));
    await form.getByRole('button', { name: 'Send enquiry' }).click();
    const res = await answer;
    const body = (await res.json()) as { message?: string };
    expect(body.message).toBeTruthy();
    await expect.poll(() => page.getByTestId('enquiry-status').textContent()).toContain(body.message!);
    await t.close({ allow: res.ok() ? [] : [/status of \d+ .*\/api\/enquiry/] });
  });
});
