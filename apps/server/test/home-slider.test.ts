import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, stores } from '@gemstore/db';
import { buildTestApp, type TestApp } from './helper.ts';
import type { createStore } from './factories.ts';
import { multipart } from './multipart.ts';
import { admin, backOfficeStores } from './staff-fixtures.ts';
import { webBuild } from './web-build.ts';

// Password hashing runs scrypt at OWASP cost, and the web build may be made first: allow for a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

type Store = Awaited<ReturnType<typeof createStore>>;

/** The home slider's pictures for phones: a phone picture or a focal point, and a caption that keeps clear of the subject. */
describe('the home slider on phones', () => {
  let t: TestApp;
  let a: Store;
  let tokens: Record<string, string>;
  let bOwnerToken: string;

  const upload = async (domain: string, token: string, width: number, height: number) => {
    const png = await sharp({ create: { width, height, channels: 3, background: '#245' } }).png().toBuffer();
    const { payload, contentType } = multipart([['file', png, 'slide.png', 'image/png']]);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/media', payload, headers: { domain, 'content-type': contentType, authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().photo as { name: string; src: string };
  };
  const profileOf = async (domain: string) => (await t.app.inject({ url: '/api/store-profile', headers: { domain } })).json().profile;
  const putHome = (body: object, token = tokens.assistant!) => admin(t, 'a.test', '/home', { method: 'PUT', token, body });

  beforeAll(async () => {
    t = await buildTestApp({ WEB_BUILD_DIR: webBuild() }, { web: true });
    ({ a, tokens, bOwnerToken } = await backOfficeStores(t));
  });
  afterAll(() => t?.close());

  it('keeps a slide\'s phone picture and focal point; the storefront gets the phone picture\'s size and the point', async () => {
    const wide = await upload('a.test', tokens.assistant!, 1920, 720);
    const tall = await upload('a.test', tokens.assistant!, 800, 1000);
    const res = await putHome({
      slider: [
        { image: wide.name, alt: 'A ruby on the right', text: 'Burmese rubies', phone_image: tall.name, focal_x: 72, focal_y: 40 },
        { image: wide.name, alt: 'A sapphire on the left', text: 'Ceylon sapphires', focal_x: 20, focal_y: 55 },
        { image: '/media/slide-3.jpg', alt: 'As before' },
      ],
      banners: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().slider).toEqual([
      {
        image: wide.name, alt: 'A ruby on the right', text: 'Burmese rubies', href: '', src: expect.stringMatching(/-1600\.webp$/),
        phone_image: tall.name, phone_src: `/media/${tall.name}-800.webp`, focal_x: 72, focal_y: 40,
      },
      expect.objectContaining({ phone_image: '', phone_src: null, focal_x: 20, focal_y: 55 }),
      expect.objectContaining({ image: '/media/slide-3.jpg', phone_image: '', phone_src: null, focal_x: null, focal_y: null }),
    ]);
    const slider = (await profileOf('a.test')).configurationData.slider;
    expect(slider).toEqual([
      { image: expect.stringMatching(/-1600\.webp$/), alt: 'A ruby on the right', text: 'Burmese rubies', phoneImage: `/media/${tall.name}-800.webp`, focalX: 72, focalY: 40 },
      { image: expect.stringMatching(/-1600\.webp$/), alt: 'A sapphire on the left', text: 'Ceylon sapphires', focalX: 20, focalY: 55 },
      { image: '/media/slide-3.jpg', alt: 'As before' },
    ]);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.storeId, a.id), eq(auditLog.action, 'store.home_update')));
    expect((entry!.changes.slider!.new as { focalX?: number }[]).map((s) => s.focalX)).toEqual([72, 20, undefined]);
  });

  it('refuses a focal point off the picture or half given, and another store\'s phone picture; nothing changes', async () => {
    const before = (await t.db.select({ configuration: stores.configuration }).from(stores).where(eq(stores.id, a.id)))[0]!.configuration.slider;
    const wide = await upload('a.test', tokens.assistant!, 1920, 720);
    const theirs = await upload('b.test', bOwnerToken, 800, 1000);
    const slide = { image: wide.name, alt: 'A ruby' };
    const cases: [object, string, string][] = [
      [{ ...slide, focal_x: 101, focal_y: 50 }, 'slider.0.focal_x', 'The left is 0 to 100 percent.'],
      [{ ...slide, focal_x: 50, focal_y: -1 }, 'slider.0.focal_y', 'The top is 0 to 100 percent.'],
      [{ ...slide, focal_x: 12.5, focal_y: 50 }, 'slider.0.focal_x', 'Whole percent for the left.'],
      [{ ...slide, focal_x: 40, focal_y: null }, 'slider.0.focal_x', 'Give both the left and the top of the focal point, or neither.'],
      [{ ...slide, phone_image: theirs.name }, 'slider.0.phone_image', 'This picture was not uploaded to this store: upload it again.'],
    ];
    for (const [bad, field, message] of cases) {
      const res = await putHome({ slider: [bad], banners: [] });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().errors[field]?.[0], JSON.stringify(res.json().errors)).toBe(message);
    }
    const after = (await t.db.select({ configuration: stores.configuration }).from(stores).where(eq(stores.id, a.id)))[0]!.configuration.slider;
    expect(after).toEqual(before);
  });

  it('renders the phone picture for narrow screens, the crop around the focal point and the caption away from it', async () => {
    const html = (await t.app.inject({ url: '/home', headers: { host: 'a.test' } })).body;
    const slides = html.split('data-testid="hero-slide"').slice(1);
    expect(slides).toHaveLength(3);
    // The ruby: a phone picture for screens below 720 pixels, the crop at its point, the words on the left (the ruby is right).
    expect(slides[0]).toMatch(/<source media="\(max-width: 719px\)" srcSet="\/media\/stores\/\d+\/img\/[a-f0-9]{24}_800x1000-800\.webp"/);
    expect(slides[0]).toContain('data-focal="72% 40%"');
    expect(slides[0]).toContain('hero__caption hero__caption--left');
    // The sapphire is on the left: the words go right; no phone picture, so phones crop the wide one at its point.
    expect(slides[1]).not.toContain('<source');
    expect(slides[1]).toContain('data-focal="20% 55%"');
    expect(slides[1]).toContain('hero__caption hero__caption--right');
    // A slide saved before: as it was.
    expect(slides[2]).not.toContain('data-focal');
    // No style attribute in the markup: the page's CSP refuses them (the crop is set once the page runs).
    expect(slides.join('')).not.toContain('style=');
    expect(html).toContain('class="hero hero--tall"');
  });
});
