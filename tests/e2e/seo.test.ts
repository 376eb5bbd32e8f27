import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import type { ListingResponse, PostsResponse } from '@gemstore/contracts';
import { api } from './browser.ts';

/*
 * What search engines and social sites read of the rendered pages (the demo server of the browser
 * suite): the canonical URL from the store's own domain in the database whatever Host the request
 * named, structured data that parses with the fields search engines ask for, Twitter cards, raster
 * Open Graph pictures, crawlable listing pages, the dollar store's language, and compressed HTML.
 */

interface Page { status: number; headers: Record<string, string | string[] | undefined>; html: string; raw: Buffer }

/** GET with the Host header as given (fetch cannot set it): what a crawler, or a forger, sends. */
function get(path: string, host: string, headers: Record<string, string> = {}): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: inject('e2ePort'), path, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const html = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw).toString() : raw.toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, html, raw });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const port = () => inject('e2ePort');
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&');
const canonical = (html: string) => attr(html, /<link rel="canonical" href="([^"]*)"/);
const metaContent = (html: string, key: string) => attr(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));

type Ld = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** Every JSON-LD block of a page, parsed (a block that is not JSON fails the test). */
function jsonLd(html: string): Ld[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Ld);
}
const ofType = (html: string, type: string) => jsonLd(html).filter((d) => d['@type'] === type);

let listingPath: string;
let itemPath: string;
let postPath: string;

beforeAll(async () => {
  const listing = await api<ListingResponse>('product-items?page=1', { host: 'atelier.localhost', body: { filter: { product: 'blue-sapphire' } } });
  const stone = listing.data[0]!;
  listingPath = `/product/${stone.product.category_url}/${stone.product.url}`;
  itemPath = `/item/${stone.url[0]!.url}`;
  const posts = await api<PostsResponse>('posts?page=1');
  const post = posts.data.data[0]!;
  postPath = `/blog/${post.categories[0]?.slug ?? 'all'}/${post.url}`;
});

describe('canonical URLs', () => {
  it("are on the store's own domain, whichever of its hostnames or forwarded hosts the request named", async () => {
    for (const [host, headers] of [
      [`localhost:${port()}`, {}],
      [`127.0.0.1:${port()}`, {}],
      [`ratna.localhost:${port()}`, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }],
    ] as [string, Record<string, string>][]) {
      const page = await get('/home?utm_source=x', host, headers);
      expect(page.status).toBe(200);
      expect(canonical(page.html), host).toBe(`http://ratna.localhost:${port()}/home`);
      expect(metaContent(page.html, 'og:url')).toBe(`http://ratna.localhost:${port()}/home`);
    }
    expect((await get('/home', 'evil.example')).status).toBe(404);
  });

  it('name one URL per stone, without query or filter', async () => {
    const page = await get(`${itemPath}?ref=mail`, `atelier.localhost:${port()}`);
    expect(canonical(page.html)).toBe(`http://atelier.localhost:${port()}${itemPath}`);
  });
});

describe('the home page', () => {
  it('describes the shop (Organization) and its search box (WebSite with SearchAction)', async () => {
    const { html } = await get('/home', `ratna.localhost:${port()}`);
    const [org] = ofType(html, 'Organization');
    expect(org).toMatchObject({ '@context': 'https://schema.org', name: 'Ratna Gems', url: `http://ratna.localhost:${port()}/home` });
    expect(org!.logo).toMatch(new RegExp(`^http://ratna.localhost:${port()}/`));
    const [site] = ofType(html, 'WebSite');
    expect(site!.potentialAction).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: `http://ratna.localhost:${port()}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
    expect(html).toMatch(/<html lang="en-IN"/);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:title')).toBeTruthy();
  });
});

describe('a stone on the dollar store', () => {
  it('has Product data with brand, seller, offer, return policy and shipping, and breadcrumbs', async () => {
    const { html } = await get(itemPath, `atelier.localhost:${port()}`);
    const [product] = ofType(html, 'Product');
    expect(product).toMatchObject({ brand: { '@type': 'Brand', name: 'Atelier Gemstones' }, url: `http://atelier.localhost:${port()}${itemPath}` });
    expect(product!.offers).toMatchObject({
      '@type': 'Offer', priceCurrency: 'USD', availability: 'https://schema.org/InStock',
      seller: { '@type': 'Organization', name: 'Atelier Gemstones' },
      hasMerchantReturnPolicy: { '@type': 'MerchantReturnPolicy', applicableCountry: 'US' },
      shippingDetails: { '@type': 'OfferShippingDetails', shippingRate: { currency: 'USD' } },
    });
    expect(product!.offers.price).toMatch(/^\d+\.\d{2}$/);
    const [crumbs] = ofType(html, 'BreadcrumbList');
    expect(crumbs!.itemListElement.map((c: Ld) => c.position)).toEqual([1, 2, 3]);
    expect(crumbs!.itemListElement.at(-1).item).toBe(`http://atelier.localhost:${port()}${itemPath}`);
  });

  it('speaks en-US, writes $310.50, and says nothing about GST', async () => {
    const { html } = await get(itemPath, `atelier.localhost:${port()}`);
    expect(html).toMatch(/<html lang="en-US"/);
    expect(html).toMatch(/data-testid="stone-price">\$\d{1,3}(,\d{3})*\.\d{2}</);
    expect(html).not.toMatch(/GST/);
    expect(html).toContain('Delivery charges included.');
  });

  it('has a raster Open Graph picture, never an SVG', async () => {
    const { html } = await get(itemPath, `atelier.localhost:${port()}`);
    const image = metaContent(html, 'og:image')!;
    expect(image).toMatch(new RegExp(`^http://atelier.localhost:${port()}/og-image/.+\\.png$`));
    expect(metaContent(html, 'twitter:image')).toBe(image);
    const picture = await get(new URL(image).pathname, `atelier.localhost:${port()}`);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });
});

describe('listings', () => {
  it('list their stones (ItemList) and link page 2 for crawlers, which renders on its own', async () => {
    const first = await get(listingPath, `atelier.localhost:${port()}`);
    const [list] = ofType(first.html, 'ItemList');
    expect(list!.itemListElement).toHaveLength(20);
    expect(list!.itemListElement[0].position).toBe(1);
    expect(first.html).toContain(`<link rel="next" href="${listingPath}?page=2"/>`);
    expect(first.html).toMatch(/<a class="button button--ghost" href="\?page=2" rel="next"/);
    const second = await get(`${listingPath}?page=2`, `atelier.localhost:${port()}`);
    expect(second.status).toBe(200);
    expect(canonical(second.html)).toBe(`http://atelier.localhost:${port()}${listingPath}?page=2`);
    expect(second.html).toContain(`<link rel="prev" href="${listingPath}"/>`);
    const [list2] = ofType(second.html, 'ItemList');
    expect(list2!.itemListElement[0].position).toBe(21);
    const firstUrls = new Set(list!.itemListElement.map((e: Ld) => e.url));
    expect(list2!.itemListElement.some((e: Ld) => firstUrls.has(e.url))).toBe(false);
    expect((await get(`${listingPath}?page=9999`, `atelier.localhost:${port()}`)).status).toBe(404);
  });

  it('have headings in order: the h1, then h2 for each stone, never a skipped level', async () => {
    const { html } = await get(listingPath, `atelier.localhost:${port()}`);
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const levels = [...main.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 2).length).toBeGreaterThanOrEqual(20);
    levels.forEach((level, i) => { if (i > 0) expect(level, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1); });
  });
});

describe('posts', () => {
  it('carry BlogPosting data', async () => {
    const { html } = await get(postPath, `localhost:${port()}`);
    const [posting] = ofType(html, 'BlogPosting');
    expect(posting).toMatchObject({ url: `http://ratna.localhost:${port()}${postPath}`, author: { name: 'Ratna Gems' } });
    expect(posting!.headline).toBeTruthy();
    expect(Date.parse(posting!.datePublished)).not.toBeNaN();
  });
});

describe('compression of rendered pages', () => {
  it('sends HTML as brotli to a client that accepts it', async () => {
    const page = await get('/home', `localhost:${port()}`, { 'accept-encoding': 'br, gzip' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(String(page.headers.vary)).toMatch(/accept-encoding/i);
    expect(page.html).toMatch(/^<!DOCTYPE html>/i);
    expect(page.raw.length).toBeLessThan(page.html.length / 2);
  });
});
