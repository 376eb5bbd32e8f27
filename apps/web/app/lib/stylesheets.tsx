import { createContext, useContext } from 'react';
import { useMatches } from 'react-router';

/**
 * The stylesheets of a page, sent inside the page (docs/decisions/0036). A stylesheet link in the
 * head makes the browser wait for one more request before it paints anything; the page's own CSS is
 * a few kilobytes, so the server writes it into the page instead. Each is a React stylesheet
 * resource (a `precedence`): React keeps one copy per address, and on a later client-side
 * navigation it adds the next page's stylesheets as links and shows that page once they have
 * loaded. Resources stay once added, so stylesheets must not give the same selector two meanings.
 */

/** What a route module's `handle` says of its page: the stylesheets it needs (`?url` imports). */
export interface RouteHandle {
  stylesheets?: string[];
}

/**
 * What the server writes stylesheets with (entry.server.tsx): the text of a built stylesheet by its
 * address, and the page's CSP nonce, without which React leaves an inline stylesheet out. The browser
 * has none.
 */
export const InlineStylesheets = createContext<{ textOf(href: string): string | null; nonce: string } | null>(null);

const PRECEDENCE = 'default';

function Stylesheet({ href }: { href: string }) {
  const inline = useContext(InlineStylesheets);
  const text = inline?.textOf(href);
  // On the server: the stylesheet inside the page.
  if (text != null) return <style href={href} precedence={PRECEDENCE} nonce={inline!.nonce}>{text}</style>;
  // In the browser: React takes over the copy the server wrote (it finds it by address) ...
  if (typeof document !== 'undefined' && document.querySelector(`style[data-href~="${href}"]`)) {
    return <style href={href} precedence={PRECEDENCE} />;
  }
  // ... and links the ones a client-side navigation brings (or a page the server could not inline).
  return <link rel="stylesheet" href={href} precedence={PRECEDENCE} />;
}

/** The stylesheets of the whole document first (`base`), then those the matched routes name in their `handle`, in route order. */
export function Stylesheets({ base }: { base: string[] }) {
  const matches = useMatches();
  const hrefs = new Set(base);
  for (const match of matches) {
    for (const href of (match.handle as RouteHandle | undefined)?.stylesheets ?? []) hrefs.add(href);
  }
  return [...hrefs].map((href) => <Stylesheet key={href} href={href} />);
}
