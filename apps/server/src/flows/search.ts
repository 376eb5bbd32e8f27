import type { SuggestionsResponse } from '@gemstore/contracts';
import type { RequestContext } from '../lib/context.ts';
import type { Services } from '../services.ts';

/** Pages a suggestion list shows at most. */
const SUGGESTED_PAGES = 3;

/** The search box's suggestions: gem types and stones from the catalogue, pages from the content. */
export function searchFlows({ catalog, content }: Services) {
  return {
    async suggest(ctx: RequestContext, text: string): Promise<SuggestionsResponse> {
      const [stones, pages] = await Promise.all([catalog.suggest(ctx, text), content.searchPages(ctx, text, SUGGESTED_PAGES)]);
      return { q: text, ...stones, pages };
    },
  };
}
