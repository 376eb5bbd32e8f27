import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
