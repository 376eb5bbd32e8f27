import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/** Routes named after the spec's paths (section 2). */
export default [
  index('routes/root-redirect.tsx'),
  layout('routes/store-layout.tsx', [
    route('home', 'routes/home.tsx'),
    route('product/:productCategoryId/:productId', 'routes/product-listing.tsx'),
    route('item/:itemId', 'routes/item.tsx'),
    // blog/{page?}; a non-numeric single segment is a category (page 1).
    route('blog/:page?', 'routes/blog.tsx'),
    // blog/{categoryId}/{page} and blog/{categoryUrl}/{url}: a numeric second segment is a page number.
    route('blog/:category/:second', 'routes/blog-category-or-post.tsx'),
    route(':pageId', 'routes/static-page.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
