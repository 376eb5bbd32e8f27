/**
 * What a route's `headers` export says of its page. The server (apps/server/src/plugins/web.ts)
 * turns a public page into `Cache-Control: public, max-age=0, s-maxage=PAGE_CACHE_SECONDS` with an
 * entity tag, so a CDN may keep it and a browser may ask again with If-None-Match; every page whose
 * route says nothing (accounts, checkout, sign-in screens) and every error is sent with `no-store`.
 * Only a page that shows the same to every visitor may say it is public.
 */
export function publicPage(): HeadersInit {
  return { 'Cache-Control': 'public' };
}
