import { useEffect, useRef } from 'react';

interface Props {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Visible button text, also the fallback where IntersectionObserver is missing. */
  label: string;
  error?: boolean;
  /** The next page's own address (?page=n): a real link crawlers follow, which a click turns into loading in place. */
  href?: string;
}

/**
 * Infinite scroll: asks for the next page when the sentinel comes near the viewport, while there is
 * more. A real button stays for keyboard users and as a retry.
 */
export function LoadMore({ hasMore, loading, onLoadMore, label, error, href }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loading || error || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    }, { rootMargin: '600px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loading, error]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="load-more" data-testid="load-more">
      <p aria-live="polite" className="load-more__status">{loading ? 'Loading more…' : error ? 'Could not load more.' : ''}</p>
      {href && !error ? (
        <a className="button button--ghost" href={href} rel="next" aria-disabled={loading || undefined}
          onClick={(event) => { event.preventDefault(); if (!loading) onLoadMore(); }}>{label}</a>
      ) : (
        <button type="button" className="button button--ghost" onClick={onLoadMore} disabled={loading}>{error ? 'Try again' : label}</button>
      )}
    </div>
  );
}
