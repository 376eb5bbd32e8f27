import { NavLink } from 'react-router';
import type { PostCategory } from '@gemstore/contracts';
import { categoryPath } from '../post-paths.ts';

/** The blog's categories sidebar. */
export function BlogSidebar({ categories }: { categories: PostCategory[] }) {
  return (
    <aside className="blog-sidebar" aria-labelledby="blog-categories">
      <h2 id="blog-categories" className="blog-sidebar__title">Categories</h2>
      <ul data-testid="blog-categories">
        <li><NavLink to="/blog" end>All posts</NavLink></li>
        {categories.map((c) => (
          <li key={c.id}><NavLink to={categoryPath(c.slug)}>{c.name}</NavLink></li>
        ))}
      </ul>
    </aside>
  );
}
