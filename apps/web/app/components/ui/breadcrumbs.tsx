import { Link, useLocation } from 'react-router';
import { useStoreProfile } from '../../lib/store-context.tsx';
import { breadcrumbList } from '../../lib/structured-data.ts';

export interface Crumb {
  label: string;
  to?: string;
}

/** JSON in a script element: "<" written as \u003c, so no text in it can close the element. */
const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/** The trail to the page, with its schema.org BreadcrumbList (on the store's own domain) for search engines. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { site_url: siteUrl } = useStoreProfile();
  const { pathname } = useLocation();
  const data = { '@context': 'https://schema.org', ...breadcrumbList(siteUrl, items, pathname) };
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {items.map((c, i) => (
          <li key={`${c.label}-${i}`}>
            {c.to && i < items.length - 1 ? <Link to={c.to}>{c.label}</Link> : <span aria-current={i === items.length - 1 ? 'page' : undefined}>{c.label}</span>}
          </li>
        ))}
      </ol>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
    </nav>
  );
}
