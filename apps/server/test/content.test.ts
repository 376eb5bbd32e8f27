import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostSummary } from '@gemstore/contracts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createPage, createPageCategory, createPost, createPostCategory, createStore } from './factories.ts';

type PageRow = Awaited<ReturnType<typeof createPage>>;
type PostRow = Awaited<ReturnType<typeof createPost>>;

let t: TestApp;
let domain: string;
const pagesOf: Record<string, PageRow[]> = {};
let guides: Awaited<ReturnType<typeof createPageCategory>>;
let about: Awaited<ReturnType<typeof createPageCategory>>;
let dirtyPage: PageRow;
let astrology: Awaited<ReturnType<typeof createPostCategory>>;
let care: Awaited<ReturnType<typeof createPostCategory>>;
/** Published posts, newest first. */
let published: PostRow[];
let draft: PostRow;
let dirtyPost: PostRow;
const POSTS = 23;

const DIRTY_HTML = '<h2>Returns</h2><p onclick="steal()">Within <b>7 days</b>.</p><script>alert("x")</script>'
  + '<img src="https://cdn.example.com/a.png" onerror="alert(1)" alt="a"><a href="javascript:alert(1)">bad link</a>'
  + '<a href="https://example.com/terms">terms</a><iframe src="https://evil.example"></iframe><style>body{display:none}</style>';

beforeAll(async () => {
  t = await buildTestApp();
  const store = await createStore(t.db, { domain: 'content.test' });
  domain = store.domain;
  const s = store.id;
  // Sort orders are given out of insertion order, so ordering is proven, not incidental.
  about = await createPageCategory(t.db, s, 'About us', 2);
  guides = await createPageCategory(t.db, s, 'Guides', 1);
  pagesOf.guides = [
    await createPage(t.db, s, { pageCategoryId: guides.id, title: 'Ratti guide', url: 'ratti-guide', sortOrder: 2 }),
    await createPage(t.db, s, { pageCategoryId: guides.id, title: 'Care guide', url: 'care-guide', sortOrder: 1 }),
  ];
  pagesOf.about = [await createPage(t.db, s, { pageCategoryId: about.id, title: 'Our story', url: 'our-story' })];
  dirtyPage = await createPage(t.db, s, { placement: 'policy', title: 'Return policy', url: 'return-policy', body: DIRTY_HTML, sortOrder: 1 });
  pagesOf.policy = [
    dirtyPage,
    await createPage(t.db, s, { placement: 'policy', title: 'Privacy policy', url: 'privacy-policy', sortOrder: 2 }),
  ];
  pagesOf.know_us = [await createPage(t.db, s, { placement: 'know_us', title: 'Certification', url: 'certification' })];
  pagesOf.non_categorized = [
    await createPage(t.db, s, { placement: 'non_categorized', title: 'FAQ', url: 'faq', sortOrder: 1 }),
    await createPage(t.db, s, { placement: 'non_categorized', title: 'Contact', url: 'contact', sortOrder: 2 }),
  ];

  astrology = await createPostCategory(t.db, s, { slug: 'astrology', name: 'Astrology' });
  care = await createPostCategory(t.db, s, { slug: 'care', name: 'Care' });
  await createPostCategory(t.db, s, { slug: 'buying', name: 'Buying guides' });
  const made: PostRow[] = [];
  for (let i = 0; i < POSTS; i++) {
    // Inserted in shuffled date order; two posts share one date to prove the id tie-break.
    const day = i === 22 ? (7 * 5) % POSTS : (i * 5) % POSTS;
    made.push(await createPost(t.db, s, {
      title: `Post ${i}`, url: `post-${i}`,
      publishedAt: new Date(Date.UTC(2024, 0, 1 + day)),
      categoryIds: i % 3 === 0 ? [astrology.id, care.id] : i % 3 === 1 ? [astrology.id] : [],
      coverPhotoUrl: i === 4 ? null : `/media/cover-${i}.jpg`,
      // Written as another tool might have stored it: the API must sanitise on the way out.
      ...(i === 1 ? { body: DIRTY_HTML } : {}),
    }));
  }
  draft = await createPost(t.db, s, { url: 'draft-post', published: false, categoryIds: [astrology.id], publishedAt: new Date(Date.UTC(2025, 0, 1)) });
  // Scheduled for later: hidden until its date, like a draft.
  await createPost(t.db, s, { url: 'scheduled-post', categoryIds: [astrology.id], publishedAt: new Date(Date.now() + 7 * 86_400_000) });
  dirtyPost = made[1]!;
  published = [...made].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id);
});
afterAll(() => t?.close());

function get(url: string) {
  return t.app.inject({ method: 'GET', url, headers: { domain } });
}
const links = (list: PageRow[]) => list.map((p) => ({ id: p.id, title: p.title, url: p.url }));
const bySort = (list: PageRow[]) => [...list].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);

function expectSafe(html: string) {
  expect(html).not.toMatch(/<script|alert\("x"\)|onerror|onclick|javascript:|<iframe|<style/i);
  expect(html).toContain('<h2>Returns</h2>');
  expect(html).toContain('<b>7 days</b>');
  expect(html).toContain('src="https://cdn.example.com/a.png"');
  expect(html).toContain('href="https://example.com/terms"');
}

describe('pages', () => {
  it('GET /api/page-categories-all lists categories in order with their pages', async () => {
    const res = await get('/api/page-categories-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      categories: [
        { id: guides.id, name: 'Guides', pages: links(bySort(pagesOf.guides!)) },
        { id: about.id, name: 'About us', pages: links(pagesOf.about!) },
      ],
    });
  });

  it('GET /api/policy-pages and /api/know-us-pages list their pages', async () => {
    expect((await get('/api/policy-pages')).json()).toEqual({ pages: links(bySort(pagesOf.policy!)) });
    expect((await get('/api/know-us-pages')).json()).toEqual({ pages: links(pagesOf.know_us!) });
  });

  it('GET /api/store-profile carries the non-categorized pages', async () => {
    const res = await get('/api/store-profile');
    expect(res.statusCode).toBe(200);
    expect(res.json().nonCategorizedPages).toEqual(links(bySort(pagesOf.non_categorized!)));
  });

  it('GET /api/page/{id or url} answers the page with sanitised HTML', async () => {
    const byUrl = await get('/api/page/return-policy');
    expect(byUrl.statusCode).toBe(200);
    const { page } = byUrl.json();
    expect(page).toMatchObject({ id: dirtyPage.id, title: 'Return policy', url: 'return-policy', meta_description: dirtyPage.metaDescription });
    expectSafe(page.body);
    const byId = await get(`/api/page/${dirtyPage.id}`);
    expect(byId.json()).toEqual(byUrl.json());
  });

  it('answers 404 for an unknown page and 422 for a malformed reference', async () => {
    const res = await get('/api/page/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/page/i);
    expect((await get('/api/page/999999')).statusCode).toBe(404);
    expect((await get('/api/page/%3Cscript%3E')).statusCode).toBe(422);
  });
});

describe('blog', () => {
  it('GET /api/posts pages the published posts newest first, each exactly once', async () => {
    const seen: PostSummary[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await get(`/api/posts?page=${page}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({ current_page: page, last_page: 3, per_page: 10, total: POSTS });
      expect(data.data).toHaveLength(page < 3 ? 10 : page === 3 ? 3 : 0);
      seen.push(...data.data);
    }
    expect(seen.map((p) => p.id)).toEqual(published.map((p) => p.id));
    expect(seen.some((p) => p.id === draft.id)).toBe(false);
    const dates = seen.map((p) => Date.parse(p.published_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('answers page 1 by default, with the summary fields', async () => {
    const res = await get('/api/posts');
    const first = res.json().data.data[0];
    const post0 = published[0]!;
    expect(res.json().data.current_page).toBe(1);
    expect(first).toEqual({
      id: post0.id, title: post0.title, description: post0.description, url: post0.url,
      cover_photo_url: post0.coverPhotoUrl, published_at: post0.publishedAt.toISOString(),
      categories: expect.any(Array),
    });
    const noCover = (await Promise.all([1, 2, 3].map((p) => get(`/api/posts?page=${p}`))))
      .flatMap((r) => r.json().data.data as PostSummary[]).find((p) => p.url === 'post-4')!;
    expect(noCover.cover_photo_url).toBeNull();
  });

  it('GET /api/posts-by-category-id/{id} lists only that category, by id or slug', async () => {
    const expected = published.filter((p) => Number(p.url.split('-')[1]) % 3 !== 2);
    for (const ref of [String(astrology.id), 'astrology']) {
      const all: PostSummary[] = [];
      for (let page = 1; page <= 2; page++) {
        const res = await get(`/api/posts-by-category-id/${ref}?page=${page}`);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.category).toEqual({ id: astrology.id, slug: 'astrology', name: 'Astrology' });
        expect(body.data).toMatchObject({ current_page: page, last_page: 2, per_page: 10, total: expected.length });
        all.push(...body.data.data);
      }
      expect(all.map((p) => p.id)).toEqual(expected.map((p) => p.id));
      for (const p of all) expect(p.categories.map((c) => c.slug)).toContain('astrology');
    }
    const careOnly = await get(`/api/posts-by-category-id/${care.id}`);
    expect(careOnly.json().data.total).toBe(published.filter((p) => Number(p.url.split('-')[1]) % 3 === 0).length);
    const empty = await get('/api/posts-by-category-id/buying');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('answers 404 for an unknown blog category', async () => {
    expect((await get('/api/posts-by-category-id/no-such-topic')).statusCode).toBe(404);
    expect((await get('/api/posts-by-category-id/999999')).statusCode).toBe(404);
  });

  it('GET /api/post-categories lists every category by name', async () => {
    const res = await get('/api/post-categories');
    expect(res.statusCode).toBe(200);
    expect(res.json().categories.map((c: { slug: string }) => c.slug)).toEqual(['astrology', 'buying', 'care']);
    expect(res.json().categories[0]).toEqual({ id: astrology.id, slug: 'astrology', name: 'Astrology' });
  });

  it('GET /api/post/{url} answers the post with sanitised body, categories and meta values', async () => {
    const res = await get(`/api/post/${dirtyPost.url}`);
    expect(res.statusCode).toBe(200);
    const { post } = res.json();
    expect(post).toMatchObject({
      id: dirtyPost.id, title: dirtyPost.title, url: dirtyPost.url, description: dirtyPost.description,
      categories: [{ slug: 'astrology', name: 'Astrology' }],
      meta_values: [{ meta: { name: 'keywords' }, content: dirtyPost.metaValues[0]!.content }],
    });
    expectSafe(post.body);
    const zero = (await get('/api/post/post-0')).json().post;
    expect(zero.categories).toEqual([{ slug: 'astrology', name: 'Astrology' }, { slug: 'care', name: 'Care' }]);
  });

  it('answers 404 for an unknown or unpublished post', async () => {
    const res = await get('/api/post/no-such-post');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/post/i);
    expect((await get('/api/post/draft-post')).statusCode).toBe(404);
    expect((await get('/api/post/scheduled-post')).statusCode).toBe(404);
  });

  it.each([
    ['/api/posts?page=0', 'The page starts at 1.'],
    ['/api/posts?page=abc', 'The page must be a whole number.'],
    ['/api/posts?page=-2', 'The page starts at 1.'],
    ['/api/posts-by-category-id/astrology?page=abc', 'The page must be a whole number.'],
  ])('%s answers 422', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { page: [message] } });
  });
});
