import { blogCategoryPath, listingPath, pagePathOf, postPathOf, stonePath } from '@gemstore/contracts/paths';
import type { SiteConfig } from '../../config.ts';
import type { RequestContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ContentService } from '../content/content.service.ts';
import { storeOrigin } from '../stores/stores.service.ts';

export interface SeoDeps {
  site: SiteConfig;
  catalog: CatalogService;
  content: ContentService;
}

interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Paths only a signed-in customer (or one signing in) sees: nothing there for a search engine. */
const PRIVATE_PATHS = [
  '/api/', '/pay/', '/dev/', '/create-return/', '/order/', '/address/',
  '/order$', '/address$', '/cart$', '/checkout$', '/dashboard$', '/edit-profile$', '/wishlist$',
  '/login', '/register', '/forgot-password',
];

/**
 * What search engines read of a store: robots.txt and the sitemap (every listing, blog category,
 * page, post and stone not yet sold), each URL on the store's own domain, never another store's.
 * Past SITEMAP_URLS_PER_FILE URLs (the protocol allows 50,000 per file) /sitemap.xml becomes an index
 * of /sitemaps/{n}.xml files; stones come last, read a file's slice at a time.
 */
export function createSeoService({ site, catalog, content }: SeoDeps) {
  const perFile = site.sitemapUrlsPerFile;

  /** Everything but the stones: a few hundred entries at most. */
  async function contentEntries(ctx: RequestContext): Promise<SitemapEntry[]> {
    const [listings, { pages, posts, categories }] = await Promise.all([catalog.listings(ctx), content.sitemapContent(ctx)]);
    return [
      { path: '/home' },
      ...listings.map((p) => ({ path: listingPath(p.categoryUrl || p.categoryId, p.url || p.id) })),
      { path: '/blog' },
      ...categories.map((c) => ({ path: blogCategoryPath(c.slug) })),
      ...posts.map((p) => ({ path: postPathOf(p.categorySlug ?? undefined, p.url), lastmod: new Date(p.publishedAt) })),
      ...pages.map((p) => ({ path: pagePathOf(p.url || p.id) })),
    ];
  }

  function urlset(origin: string, entries: SitemapEntry[]): string {
    const urls = entries.map((e) => `<url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  /** Entries [from, from + count) of the whole list: content first, then stones in id order. */
  async function slice(ctx: RequestContext, fixed: SitemapEntry[], from: number, count: number): Promise<SitemapEntry[]> {
    const head = fixed.slice(from, from + count);
    const stoneFrom = Math.max(0, from - fixed.length);
    const stoneCount = count - head.length;
    if (stoneCount <= 0) return head;
    const stones = await catalog.listedStoneUrls(ctx, stoneFrom, stoneCount);
    return [...head, ...stones.map((s) => ({ path: stonePath(s.url || s.id) }))];
  }

  return {
    robots(ctx: RequestContext): string {
      const origin = storeOrigin(site, ctx.store);
      return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
    },

    /** /sitemap.xml: every URL, or an index of the files when there are more than one file holds. */
    async sitemap(ctx: RequestContext): Promise<string> {
      const origin = storeOrigin(site, ctx.store);
      const [fixed, stones] = await Promise.all([contentEntries(ctx), catalog.countListedStones(ctx)]);
      const total = fixed.length + stones;
      if (total <= perFile) return urlset(origin, await slice(ctx, fixed, 0, total));
      const files = Array.from({ length: Math.ceil(total / perFile) }, (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`);
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join('\n')}\n</sitemapindex>\n`;
    },

    /** /sitemaps/{n}.xml: the n-th file of the index (404 past the last, or while one file holds everything). */
    async sitemapFile(ctx: RequestContext, n: number): Promise<string> {
      const [fixed, stones] = await Promise.all([contentEntries(ctx), catalog.countListedStones(ctx)]);
      const total = fixed.length + stones;
      if (total <= perFile || n < 1 || (n - 1) * perFile >= total) throw new NotFoundError('There is no such sitemap file.', 'not_found');
      return urlset(storeOrigin(site, ctx.store), await slice(ctx, fixed, (n - 1) * perFile, perFile));
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
