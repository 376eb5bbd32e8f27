import { Pagination } from '@mantine/core';

/** How many pages a paged answer (total rows, rows a page) makes: one while nothing is read yet. */
export function pageCount(of: { total: number; per_page: number } | undefined): number {
  return of ? Math.max(1, Math.ceil(of.total / of.per_page)) : 1;
}

/** The page links under a paged list, shown only when there is more than one page. */
export function Pager({ of, page, onChange }: { of: { total: number; per_page: number } | undefined; page: number; onChange: (page: number) => void }) {
  const pages = pageCount(of);
  return pages > 1 ? <Pagination total={pages} value={page} onChange={onChange} /> : null;
}
