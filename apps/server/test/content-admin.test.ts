import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminContentRoutes, adminSettingsRoutes } from '@gemstore/contracts';
import { roleMay, STAFF_ROLES, type StaffRole } from '@gemstore/contracts/constants';
import { auditLog, pages, posts, stores } from '@gemstore/db';
import { buildApp } from '../src/app.ts';
import { buildTestApp, systemContext, type TestApp } from './helper.ts';
import type { createStore } from './factories.ts';
import { multipart } from './multipart.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';

// Password hashing runs scrypt at OWASP cost: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

type Store = Awaited<ReturnType<typeof createStore>>;

const HOSTILE = '<p>Hello <strong>gems</strong></p><script>alert("x")</script><img src="/media/a.png" onerror="alert(1)"><a href="javascript:alert(2)">click</a><iframe src="https://evil.example"></iframe>';

describe('back-office content and store settings', () => {
  let t: TestApp;
  let a: Store;
  let tokens: Record<StaffRole, string>;
  let bOwnerToken: string;
  let customerToken: string;

  const storefront = (domain: string, url: string) => t.app.inject({ url, headers: { domain } });
  const upload = async (domain: string, token: string) => {
    const png = await sharp({ create: { width: 1800, height: 700, channels: 3, background: '#245' } }).png().toBuffer();
    const { payload, contentType } = multipart([['file', png, 'slide.png', 'image/png']]);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/media', payload, headers: { domain, 'content-type': contentType, authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().photo as { name: string; src: string };
  };
  const postBody = (over: Record<string, unknown> = {}) => ({
    title: 'Choosing a blue sapphire', description: 'What to look for.', meta_description: 'How to choose a blue sapphire.',
    body: '<p>Colour first.</p>', status: 'draft', ...over,
  });
  const profileOf = async (domain: string) => (await storefront(domain, '/api/store-profile')).json().profile;
  const auditOf = (storeId: number, objectType: string, objectId: number | string) => t.db.select().from(auditLog)
    .where(and(eq(auditLog.storeId, storeId), eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(objectId))));

  beforeAll(async () => {
    // The store's copy is kept for minutes here: a change must still show at once.
    t = await buildTestApp({ STORE_CACHE_SECONDS: '600' });
    ({ a, tokens, bOwnerToken, customerToken } = await backOfficeStores(t));
  });
  afterAll(() => t?.close());

  it('lets each role call what its capabilities allow (403 otherwise) and refuses guests, customers and other stores\' staff', async () => {
    const table = { ...adminContentRoutes, ...adminSettingsRoutes };
    for (const [name, r] of Object.entries(table)) {
      const path = r.path.replace('/admin', '').replace(':id', '999999');
      const opts = { method: r.method, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} }) };
      for (const role of STAFF_ROLES) {
        const res = await admin(t, 'a.test', path, { ...opts, token: tokens[role] });
        if (roleMay(role, r.capability)) expect([200, 404, 422], `${name} as ${role}: ${res.body}`).toContain(res.statusCode);
        else expect(res.statusCode, `${name} as ${role}`).toBe(403);
      }
      expect((await admin(t, 'a.test', path, opts)).statusCode, name).toBe(401);
      expect((await admin(t, 'a.test', path, { ...opts, token: customerToken })).statusCode, name).toBe(401);
      // Store A's owner token on store B's domain.
      expect((await admin(t, 'b.test', path, { ...opts, token: tokens.owner })).statusCode, name).toBe(401);
      expect((await admin(t, 'a.test', path, { ...opts, token: bOwnerToken })).statusCode, name).toBe(401);
    }
    // Managers hold settings, not payment settings; assistants neither.
    expect((await admin(t, 'a.test', '/settings/profile', { token: tokens.manager })).statusCode).toBe(200);
    expect((await admin(t, 'a.test', '/settings/payments', { token: tokens.manager })).statusCode).toBe(403);
    expect((await admin(t, 'a.test', '/settings/profile', { token: tokens.assistant })).statusCode).toBe(403);
  });

  it('writes a draft the blog does not show, publishes it on its own store only, and records both changes', async () => {
    const cat = await admin(t, 'a.test', '/post-categories', { token: tokens.assistant, body: { name: 'Buying guides' } });
    expect(cat.statusCode, cat.body).toBe(200);
    expect(cat.json().category).toMatchObject({ name: 'Buying guides', slug: 'buying-guides', posts: 0 });
    const cover = await upload('a.test', tokens.assistant);

    const created = await admin(t, 'a.test', '/posts', { token: tokens.assistant, body: postBody({ cover_photo: cover.name, category_ids: [cat.json().category.id] }) });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json().post;
    expect(post).toMatchObject({ url: 'choosing-a-blue-sapphire', status: 'draft', cover_photo: cover.name, meta_description: 'How to choose a blue sapphire.' });
    expect(post.cover_src).toMatch(/^\/media\/stores\/\d+\/img\/.+-800\.webp$/);
    expect((await storefront('a.test', '/api/post/choosing-a-blue-sapphire')).statusCode).toBe(404);
    expect((await storefront('a.test', '/api/posts')).json().data.data.map((p: { id: number }) => p.id)).not.toContain(post.id);

    const published = await admin(t, 'a.test', `/posts/${post.id}`, { method: 'PUT', token: tokens.assistant, body: postBody({ cover_photo: cover.name, category_ids: [cat.json().category.id], status: 'published' }) });
    expect(published.statusCode, published.body).toBe(200);
    const shown = await storefront('a.test', '/api/post/choosing-a-blue-sapphire');
    expect(shown.statusCode).toBe(200);
    expect(shown.json().post).toMatchObject({
      title: 'Choosing a blue sapphire', cover_photo_url: post.cover_src, categories: [{ slug: 'buying-guides', name: 'Buying guides' }],
      meta_values: [{ meta: { name: 'description' }, content: 'How to choose a blue sapphire.' }],
    });
    expect((await storefront('a.test', '/api/posts')).json().data.data.map((p: { id: number }) => p.id)).toContain(post.id);
    expect((await storefront('a.test', '/api/posts-by-category-id/buying-guides')).json().data.data.map((p: { id: number }) => p.id)).toEqual([post.id]);
    // Not on store B.
    expect((await storefront('b.test', '/api/post/choosing-a-blue-sapphire')).statusCode).toBe(404);
    expect((await storefront('b.test', '/api/posts')).json().data.data.map((p: { id: number }) => p.id)).not.toContain(post.id);

    const entries = await auditOf(a.id, 'post', post.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['post.create', 'post.update']);
    expect(entries.find((e) => e.action === 'post.update')!.changes).toMatchObject({ published: { old: false, new: true } });
    expect(Object.keys(entries.find((e) => e.action === 'post.update')!.changes)).not.toContain('title');

    // Drafts and published posts filter apart in the back office.
    const drafts = await admin(t, 'a.test', '/posts?status=draft', { token: tokens.owner });
    expect(drafts.json().data.map((p: { id: number }) => p.id)).not.toContain(post.id);
    const live = await admin(t, 'a.test', '/posts?status=published&q=sapphire', { token: tokens.owner });
    expect(live.json().data.map((p: { id: number }) => p.id)).toContain(post.id);
  });

  it('sanitises post and page HTML when saved and again before a page shows it', async () => {
    const post = await admin(t, 'a.test', '/posts', { token: tokens.owner, body: postBody({ title: 'Hostile post', body: HOSTILE, status: 'published' }) });
    expect(post.statusCode, post.body).toBe(200);
    for (const body of [post.json().post.body, (await storefront('a.test', '/api/post/hostile-post')).json().post.body]) {
      expect(body).toContain('<strong>gems</strong>');
      expect(body).not.toMatch(/<script|onerror|javascript:|<iframe/i);
    }
    const page = await admin(t, 'a.test', '/pages', { token: tokens.owner, body: { title: 'Hostile page', placement: 'policy', body: HOSTILE } });
    expect(page.statusCode, page.body).toBe(200);
    const [stored] = await t.db.select({ body: pages.body }).from(pages).where(eq(pages.id, page.json().page.id));
    expect(stored!.body).not.toMatch(/<script|onerror|javascript:|<iframe/i);

    // A row written by another tool, unsanitised, is still cleaned before it is shown.
    await t.db.update(posts).set({ body: HOSTILE }).where(eq(posts.id, post.json().post.id));
    await t.db.update(pages).set({ body: HOSTILE }).where(eq(pages.id, page.json().page.id));
    expect((await storefront('a.test', '/api/post/hostile-post')).json().post.body).not.toMatch(/<script|onerror|javascript:|<iframe/i);
    expect((await storefront('a.test', '/api/page/hostile-page')).json().page.body).not.toMatch(/<script|onerror|javascript:|<iframe/i);
  });

  it('keeps friendly urls unique per store, not across stores', async () => {
    const first = await admin(t, 'a.test', '/posts', { token: tokens.owner, body: postBody({ title: 'Ruby care', url: 'ruby-care' }) });
    expect(first.statusCode).toBe(200);
    const again = await admin(t, 'a.test', '/posts', { token: tokens.owner, body: postBody({ title: 'Ruby care again', url: 'ruby-care' }) });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.url[0]).toContain('already');
    const other = await admin(t, 'b.test', '/posts', { token: bOwnerToken, body: postBody({ title: 'Ruby care', url: 'ruby-care' }) });
    expect(other.statusCode, other.body).toBe(200);
    // Changing a post to another's url is refused too, and changes nothing.
    const second = await admin(t, 'a.test', '/posts', { token: tokens.owner, body: postBody({ title: 'Emerald care' }) });
    const clash = await admin(t, 'a.test', `/posts/${second.json().post.id}`, { method: 'PUT', token: tokens.owner, body: postBody({ title: 'Emerald care', url: 'ruby-care' }) });
    expect(clash.statusCode).toBe(422);
    expect((await admin(t, 'a.test', `/posts/${second.json().post.id}`, { token: tokens.owner })).json().post.url).toBe('emerald-care');

    const page = await admin(t, 'a.test', '/pages', { token: tokens.owner, body: { title: 'Shipping', placement: 'policy', body: '<p>x</p>' } });
    expect(page.json().page.url).toBe('shipping');
    const pageAgain = await admin(t, 'a.test', '/pages', { token: tokens.owner, body: { title: 'Shipping', placement: 'know_us', body: '<p>y</p>' } });
    expect(pageAgain.statusCode).toBe(422);
    expect(pageAgain.json().errors.url).toBeDefined();
    const cat = await admin(t, 'a.test', '/post-categories', { token: tokens.owner, body: { name: 'Care', slug: 'care' } });
    expect(cat.statusCode).toBe(200);
    const catAgain = await admin(t, 'a.test', '/post-categories', { token: tokens.owner, body: { name: 'Care 2', slug: 'care' } });
    expect(catAgain.json().errors.slug[0]).toContain('already');
  });

  it('answers another store\'s ids as absent and never changes them', async () => {
    const theirs = (await admin(t, 'b.test', '/posts', { token: bOwnerToken, body: postBody({ title: 'Their post', status: 'published' }) })).json().post;
    const theirCat = (await admin(t, 'b.test', '/post-categories', { token: bOwnerToken, body: { name: 'Their category' } })).json().category;
    const theirPageCat = (await admin(t, 'b.test', '/page-categories', { token: bOwnerToken, body: { name: 'Their menu' } })).json().category;
    const theirPage = (await admin(t, 'b.test', '/pages', { token: bOwnerToken, body: { title: 'Their page', placement: 'category', page_category_id: theirPageCat.id, body: '<p>b</p>' } })).json().page;
    const owner = tokens.owner;
    const calls: [string, 'GET' | 'PUT' | 'DELETE', object?][] = [
      [`/posts/${theirs.id}`, 'GET'], [`/posts/${theirs.id}`, 'PUT', postBody({ title: 'Taken over' })], [`/posts/${theirs.id}`, 'DELETE'],
      [`/post-categories/${theirCat.id}`, 'PUT', { name: 'Taken' }], [`/post-categories/${theirCat.id}`, 'DELETE'],
      [`/pages/${theirPage.id}`, 'GET'], [`/pages/${theirPage.id}`, 'PUT', { title: 'Taken', placement: 'policy', body: '' }], [`/pages/${theirPage.id}`, 'DELETE'],
      [`/page-categories/${theirPageCat.id}`, 'PUT', { name: 'Taken' }], [`/page-categories/${theirPageCat.id}`, 'DELETE'],
    ];
    for (const [path, method, body] of calls) {
      const res = await admin(t, 'a.test', path, { method, token: owner, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    // Their ids inside store A's own objects are refused too.
    const withTheirCategory = await admin(t, 'a.test', '/posts', { token: owner, body: postBody({ title: 'Mine', category_ids: [theirCat.id] }) });
    expect(withTheirCategory.json().errors.category_ids).toBeDefined();
    const inTheirMenu = await admin(t, 'a.test', '/pages', { token: owner, body: { title: 'Mine', placement: 'category', page_category_id: theirPageCat.id, body: '' } });
    expect(inTheirMenu.json().errors.page_category_id).toBeDefined();
    const theirPicture = await upload('b.test', bOwnerToken);
    const withTheirCover = await admin(t, 'a.test', '/posts', { token: owner, body: postBody({ title: 'Mine', cover_photo: theirPicture.name }) });
    expect(withTheirCover.json().errors.cover_photo).toBeDefined();
    // Nothing of store B changed, and store A's lists show none of it.
    expect((await admin(t, 'b.test', `/posts/${theirs.id}`, { token: bOwnerToken })).json().post).toMatchObject({ title: 'Their post', status: 'published' });
    expect((await admin(t, 'b.test', '/pages', { token: bOwnerToken })).json().pages.map((p: { title: string }) => p.title)).toContain('Their page');
    expect((await admin(t, 'b.test', '/post-categories', { token: bOwnerToken })).json().categories.map((c: { name: string }) => c.name)).toContain('Their category');
    const ours = await admin(t, 'a.test', '/posts', { token: owner });
    expect(ours.json().data.map((p: { id: number }) => p.id)).not.toContain(theirs.id);
    expect(JSON.stringify((await admin(t, 'a.test', '/pages', { token: owner })).json())).not.toContain('Their');
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, a.id), eq(auditLog.objectId, String(theirs.id)), eq(auditLog.objectType, 'post')))).toEqual([]);
  });

  it('refuses bad input with errors beside their fields', async () => {
    const post = await admin(t, 'a.test', '/posts', { token: tokens.owner, body: { title: '', url: 'Not A Url', status: 'live', cover_photo: 'javascript:alert(1)' } });
    expect(post.statusCode).toBe(422);
    expect(Object.keys(post.json().errors).sort()).toEqual(['cover_photo', 'status', 'title', 'url']);
    const page = await admin(t, 'a.test', '/pages', { token: tokens.owner, body: { title: 'Lost', placement: 'category', body: '' } });
    expect(page.json().errors.page_category_id).toBeDefined();
    const profile = (await admin(t, 'a.test', '/settings/profile', { token: tokens.owner })).json().profile;
    const bad = await admin(t, 'a.test', '/settings/profile', {
      method: 'PUT', token: tokens.owner,
      body: { ...profile, social: { ...profile.social, facebook: 'javascript:alert(1)' }, currency: 'EUR', whatsapp_phone: 'call me', map_embed_url: 'http://maps.example' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['currency', 'map_embed_url', 'social.facebook', 'whatsapp_phone']);
    const home = await admin(t, 'a.test', '/home', { method: 'PUT', token: tokens.owner, body: { slider: [{ image: 'data:image/png;base64,AAAA', alt: '' }], banners: [{ image: '/media/x.png', alt: 'x', href: 'javascript:alert(1)' }] } });
    expect(Object.keys(home.json().errors).sort()).toEqual(['banners.0.href', 'slider.0.alt', 'slider.0.image']);
    // Nothing was stored.
    expect((await profileOf('a.test')).configurationData.social.facebook).not.toBe('javascript:alert(1)');
  });

  it('keeps pages in their menus and refuses to drop a page category that still holds pages', async () => {
    // The layout every server-rendered page is drawn in is cached per store (for minutes here): every change must show in it at once.
    const layout = async () => t.app.services.stores.layout(await systemContext(t, a.id));
    await layout();
    const menu = await admin(t, 'a.test', '/page-categories', { token: tokens.assistant, body: { name: 'Gem guides', sort_order: 1 } });
    expect(menu.statusCode, menu.body).toBe(200);
    const menuId = menu.json().category.id;
    const page = await admin(t, 'a.test', '/pages', { token: tokens.assistant, body: { title: 'Ratti to carat', placement: 'category', page_category_id: menuId, body: '<p>1 ratti</p>', meta_description: 'Convert.' } });
    expect(page.statusCode, page.body).toBe(200);
    const menus = (await storefront('a.test', '/api/page-categories-all')).json().categories;
    expect(menus.find((c: { id: number }) => c.id === menuId)).toMatchObject({ name: 'Gem guides', pages: [{ title: 'Ratti to carat', url: 'ratti-to-carat' }] });
    expect((await layout()).pageCategories.find((c) => c.id === menuId)).toMatchObject({ name: 'Gem guides', pages: [{ title: 'Ratti to carat' }] });
    expect((await storefront('b.test', '/api/page/ratti-to-carat')).statusCode).toBe(404);

    const refused = await admin(t, 'a.test', `/page-categories/${menuId}`, { method: 'DELETE', token: tokens.assistant });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('category_not_empty');
    const moved = await admin(t, 'a.test', `/pages/${page.json().page.id}`, { method: 'PUT', token: tokens.assistant, body: { title: 'Ratti to carat', placement: 'know_us', body: '<p>1 ratti</p>' } });
    expect(moved.json().page).toMatchObject({ placement: 'know_us', page_category_id: null });
    expect((await storefront('a.test', '/api/know-us-pages')).json().pages.map((p: { title: string }) => p.title)).toContain('Ratti to carat');
    expect((await layout()).knowUsPages.map((p) => p.title)).toContain('Ratti to carat');
    expect((await layout()).pageCategories.find((c) => c.id === menuId)!.pages).toEqual([]);
    expect((await admin(t, 'a.test', `/page-categories/${menuId}`, { method: 'DELETE', token: tokens.assistant })).statusCode).toBe(200);
    expect((await admin(t, 'a.test', `/pages/${page.json().page.id}`, { method: 'DELETE', token: tokens.assistant })).statusCode).toBe(200);
    expect((await storefront('a.test', '/api/page/ratti-to-carat')).statusCode).toBe(404);
    const entries = await auditOf(a.id, 'page', page.json().page.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['page.create', 'page.delete', 'page.update']);
    expect(entries.find((e) => e.action === 'page.update')!.changes).toEqual({
      placement: { old: 'category', new: 'know_us' }, pageCategoryId: { old: menuId, new: null }, metaDescription: { old: 'Convert.', new: '' },
    });
  });

  it('sets the home slider and banners, which the store profile shows at once in their order', async () => {
    const picture = await upload('a.test', tokens.assistant);
    const body = {
      slider: [
        { image: picture.name, alt: 'Blue sapphires on silk', text: 'New Ceylon sapphires', href: '/blog' },
        { image: '/media/slide-2.jpg', alt: 'Rubies' },
      ],
      banners: [{ image: picture.name, alt: 'Emeralds', href: '/blog', text: 'Emerald week' }],
    };
    const res = await admin(t, 'a.test', '/home', { method: 'PUT', token: tokens.assistant, body });
    expect(res.statusCode, res.body).toBe(200);
    const config = (await profileOf('a.test')).configurationData;
    expect(config.slider).toEqual([
      { image: expect.stringMatching(/^\/media\/stores\/\d+\/img\/.+-1600\.webp$/), alt: 'Blue sapphires on silk', text: 'New Ceylon sapphires', href: '/blog' },
      { image: '/media/slide-2.jpg', alt: 'Rubies' },
    ]);
    expect(config.banners).toEqual([{ image: expect.stringMatching(/-800\.webp$/), alt: 'Emeralds', href: '/blog', text: 'Emerald week' }]);
    expect((await profileOf('b.test')).configurationData.slider.map((s: { alt: string }) => s.alt)).not.toContain('Rubies');
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, a.id), eq(auditLog.action, 'store.home_update')));
    expect((entry!.changes.slider!.new as { alt: string }[]).map((s) => s.alt)).toEqual(['Blue sapphires on silk', 'Rubies']);
  });

  it('changes the store profile: the storefront shows it at once, and the audit log names each field', async () => {
    const before = (await admin(t, 'a.test', '/settings/profile', { token: tokens.manager })).json().profile;
    expect(await profileOf('a.test')).toBeDefined(); // the store is now in this process's cache
    const logo = await upload('a.test', tokens.manager);
    const res = await admin(t, 'a.test', '/settings/profile', {
      method: 'PUT', token: tokens.manager,
      body: {
        ...before, logo: logo.name, header: { phone: '+91 98290 12345', address: 'Johari Bazaar, Jaipur' },
        social: { ...before.social, instagram: 'https://instagram.com/shop' }, whatsapp_phone: '+91 98290 12345', currency: 'USD', usd_rate: 0.012,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const profile = await profileOf('a.test');
    expect(profile.configurationData.header).toEqual({ phone: '+91 98290 12345', address: 'Johari Bazaar, Jaipur' });
    expect(profile.configurationData.social.instagram).toBe('https://instagram.com/shop');
    expect(profile.currency).toEqual({ currency: 'USD', exchangeRate: 0.012, sign: '$' });
    expect(profile.primary_logo.path).toMatch(/^\/media\/stores\/\d+\/img\/.+-400\.webp$/);
    expect((await profileOf('b.test')).configurationData.header.phone).not.toBe('+91 98290 12345');
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, a.id), eq(auditLog.action, 'store.profile_update')));
    expect(entry!.changes).toMatchObject({
      'header.phone': { old: before.header.phone, new: '+91 98290 12345' }, currency: { old: 'INR', new: 'USD' }, logo: { old: before.logo, new: logo.name },
    });
    expect(entry!.changes['footer.copyright']).toBeUndefined();
    // Back to rupees for the tests after this one.
    await admin(t, 'a.test', '/settings/profile', { method: 'PUT', token: tokens.owner, body: { ...before, currency: 'INR' } });
    expect((await profileOf('a.test')).currency.currency).toBe('INR');
  });

  it('lets owners change payment settings and refuses a provider this server cannot run', async () => {
    const current = await admin(t, 'a.test', '/settings/payments', { token: tokens.owner });
    expect(current.json()).toMatchObject({
      settings: { provider: 'sandbox', reservation_minutes: 15, payment_method_ids: [1001] },
      providers: [{ name: 'sandbox', ready: true }, { name: 'razorpay', ready: false }],
    });
    const razorpay = await admin(t, 'a.test', '/settings/payments', { method: 'PUT', token: tokens.owner, body: { provider: 'razorpay', reservation_minutes: 30, payment_method_ids: [1001] } });
    expect(razorpay.statusCode).toBe(422);
    expect(razorpay.json().errors.provider[0]).toContain('RAZORPAY_KEY_ID');
    const bad = await admin(t, 'a.test', '/settings/payments', { method: 'PUT', token: tokens.owner, body: { provider: 'sandbox', reservation_minutes: 2, payment_method_ids: [42] } });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['payment_method_ids.0', 'reservation_minutes']);
    const [unchanged] = await t.db.select({ minutes: stores.reservationMinutes, provider: stores.paymentProvider }).from(stores).where(eq(stores.id, a.id));
    expect(unchanged).toEqual({ minutes: 15, provider: 'sandbox' });

    const ok = await admin(t, 'a.test', '/settings/payments', { method: 'PUT', token: tokens.owner, body: { provider: 'sandbox', reservation_minutes: 45, payment_method_ids: [1001] } });
    expect(ok.statusCode, ok.body).toBe(200);
    // The checkout reads the store's settings through the store cache: the change is there at once.
    expect((await t.app.services.stores.findByDomain('a.test'))!.reservationMinutes).toBe(45);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, a.id), eq(auditLog.action, 'store.payments_update')));
    expect(entry!.changes).toEqual({ reservation_minutes: { old: 15, new: 45 } });
  });

  it('accepts Razorpay where its keys are set', async () => {
    const keyed = await buildTestApp({ RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'secret' });
    try {
      const { tokens: keyedTokens } = await backOfficeStores(keyed);
      const res = await admin(keyed, 'a.test', '/settings/payments', { method: 'PUT', token: keyedTokens.owner, body: { provider: 'razorpay', reservation_minutes: 20, payment_method_ids: [1001] } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().settings.provider).toBe('razorpay');
    } finally {
      await keyed.close();
    }
  });

  it('clears the copy of the store in every other process on the database when its profile changes', async () => {
    // A second replica: its own services and caches, the same database.
    const replica = await buildApp({ config: t.config, db: t.db, connections: t.connections, web: false, logger: false });
    try {
      const read = async () => (await replica.inject({ url: '/api/store-profile', headers: { domain: 'a.test' } })).json().profile.configurationData.footer.copyright;
      const before = (await admin(t, 'a.test', '/settings/profile', { token: tokens.owner })).json().profile;
      expect(await read()).toBe(before.footer.copyright);
      const res = await admin(t, 'a.test', '/settings/profile', { method: 'PUT', token: tokens.owner, body: { ...before, footer: { ...before.footer, copyright: '© Replica test' } } });
      expect(res.statusCode).toBe(200);
      // The notice arrives when the write commits, a moment after the answer.
      await expect.poll(read, { timeout: 10_000 }).toBe('© Replica test');
    } finally {
      await replica.close();
    }
  });
});
