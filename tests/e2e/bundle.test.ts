import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { ListingResponse, PostsResponse } from '@gemstore/contracts';
import { api } from './browser.ts';
import { ROOT } from './server.ts';

/** Decision 0016: the browser calls the API through the route table and its typed client, never with zod's code. */
describe('the browser bundle', () => {
  const dir = join(ROOT, 'apps/web/build/client/assets');
  const scripts = readdirSync(dir).filter((name) => name.endsWith('.js')).map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));

  it('holds the route table of the typed client', () => {
    expect(scripts.some((s) => s.text.includes('"/item-details/:id"'))).toBe(true);
  });

  it('carries no schema code', () => {
    // zod names its error classes by string, so they survive minification.
    expect(scripts.filter((s) => s.text.includes('ZodError')).map((s) => s.name)).toEqual([]);
  });
});

/** Decision 0056: the back office too loads no schema code; its stone form reads the zod-free list of a stone's fields. */
describe('the back office bundle', () => {
  const dir = join(ROOT, 'apps/admin/build/assets');
  const scripts = readdirSync(dir).filter((name) => name.endsWith('.js')).map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));

  it('holds the stone form\'s fields and the typed client\'s route table', () => {
    // A column name of the list of a stone's fields, and a back-office route of the client.
    expect(scripts.some((s) => s.text.includes('certificateVerificationUrl'))).toBe(true);
    expect(scripts.some((s) => s.text.includes('"/admin/stones/:id"'))).toBe(true);
  });

  it('carries no schema code in any chunk', () => {
    expect(scripts.filter((s) => s.text.includes('ZodError')).map((s) => s.name)).toEqual([]);
  });
});

/** Words only the checkout and the account pages print: their code on another page is code that page never uses. */
const ACCOUNT_AND_CHECKOUT_WORDS = ['Select Or Create Address', 'Place Order', 'Delivery Address Label', 'Retry Payment', 'Login & Security'];

/** The text of every script a page loads first (its module scripts and modulepreloads), as the demo server sends them. */
async function scriptsOf(path: string): Promise<string> {
  const base = `http://127.0.0.1:${inject('e2ePort')}`;
  const html = await (await fetch(base + path)).text();
  const srcs = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  expect(srcs.size, path).toBeGreaterThan(3);
  return (await Promise.all([...srcs].map(async (src) => (await fetch(base + src)).text()))).join('\n');
}

describe('each page loads the JavaScript it uses', () => {
  it('a blog post, an item, a listing and the home page load no account or checkout code', async () => {
    const posts = await api<PostsResponse>('posts?page=1');
    const post = posts.data.data[0]!;
    const listing = await api<ListingResponse>('product-items?page=1', { body: { filter: { product: 'ruby' } } });
    const stone = listing.data[0]!;
    for (const path of [`/blog/${post.categories[0]?.slug ?? 'all'}/${post.url}`, `/item/${stone.url[0]!.url}`, `/product/${stone.product.category_url}/${stone.product.url}`, '/home']) {
      const text = await scriptsOf(path);
      for (const words of ACCOUNT_AND_CHECKOUT_WORDS) expect(text.includes(words), `${path}: ${words}`).toBe(false);
    }
  });

  it('while the checkout and the dashboard load theirs', async () => {
    expect(await scriptsOf('/checkout')).toContain('Select Or Create Address');
    expect(await scriptsOf('/dashboard')).toContain('Login & Security');
  });
});
