import type { PostCategory } from '@gemstore/contracts';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import type { BlogListData } from '../blog-data.server.ts';
import { BlogSidebar } from './blog-sidebar.tsx';
import { PostList } from './post-list.tsx';

/** The blog list screen, for all posts or one category. */
export function BlogListView({ data }: { data: BlogListData }) {
  const category: PostCategory | undefined = data.posts.category;
  const title = category ? category.name : 'Journal';
  return (
    <div className="container blog">
      <Breadcrumbs items={[{ label: 'Home', to: '/home' }, { label: 'Blog', to: '/blog' }, ...(category ? [{ label: category.name }] : [])]} />
      <header className="blog__header">
        <h1 className="page-title">{title}</h1>
        <p className="blog__intro">{category ? `Posts in ${category.name}.` : 'Notes on gemstones: how to choose, care for and wear them.'}</p>
      </header>
      <div className="blog__layout">
        <div className="blog__main">
          {/* Keyed so a new list starts fresh rather than appending to the old one. */}
          <PostList key={`${data.category ?? ''}:${data.posts.data.current_page}`} category={data.category} first={data.posts} />
        </div>
        <BlogSidebar categories={data.categories} />
      </div>
    </div>
  );
}
