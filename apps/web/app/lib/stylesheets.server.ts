import { readFileSync } from 'node:fs';

/** The client build beside this server build (build/server/index.js): its assets are what the browser is sent. */
const CLIENT_DIR = new URL('../client/', import.meta.url);
/** Built stylesheets only: their names carry a hash of their content, so a copy read once never goes stale. */
const BUILT_STYLESHEET = /^\/assets\/[\w.-]+\.css$/;
const texts = new Map<string, string | null>();

/** The text of a built stylesheet, read once per process; null for any other address (the page then links it). */
export function stylesheetText(href: string): string | null {
  if (!BUILT_STYLESHEET.test(href)) return null;
  let text = texts.get(href);
  if (text === undefined) {
    try {
      text = readFileSync(new URL(`.${href}`, CLIENT_DIR), 'utf8');
    } catch {
      text = null;
    }
    texts.set(href, text);
  }
  return text;
}
