import { z } from 'zod';
import { MAX_ID, PAGE_PLACEMENTS, PAYMENT_METHODS } from './constants.ts';
import { FriendlyUrl, PictureRef } from './admin-catalog.ts';
import { EmbedOrigin, SafeLink, SafeWebUrl } from './store.ts';

/**
 * The back office's content and store settings (/api/admin/...): blog posts and their categories,
 * static pages and page categories, the home page's slider and banners, the store profile and the
 * payment settings. Post and page bodies are HTML from the editor: the server sanitises them when
 * they are saved and again before any page shows them.
 */

const Id = z.coerce.number().int().positive().max(MAX_ID);
const Title = z.string().trim().min(1, 'Enter a title.').max(200, 'At most 200 characters.');
const Name = z.string().trim().min(1, 'Enter a name.').max(120, 'At most 120 characters.');
const SortOrder = z.coerce.number().int().min(0).max(100_000).default(0);
const Text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default('');
/** Made from the title (or name) when left empty. */
const OptionalFriendlyUrl = z.union([z.literal(''), FriendlyUrl]).default('');
/** Editor HTML; at most 200,000 characters. */
const Html = z.string().max(200_000, 'At most 200,000 characters.').default('');

// ---------- Blog ----------

export const POST_STATUSES = ['draft', 'published'] as const;
export const PostStatus = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof PostStatus>;

export const AdminPostSummary = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string(),
  status: PostStatus,
  /** When it went (or goes) live; a draft keeps the date it will be given when published. */
  published_at: z.string(),
  /** The cover as a browser loads it (null: none). */
  cover_src: z.string().nullable(),
  category_ids: z.array(z.number()),
});
export type AdminPostSummary = z.infer<typeof AdminPostSummary>;

export const AdminPost = AdminPostSummary.extend({
  description: z.string(),
  meta_description: z.string(),
  body: z.string(),
  /** The stored picture reference the form sends back. */
  cover_photo: z.string(),
});
export type AdminPost = z.infer<typeof AdminPost>;
export const AdminPostResponse = z.object({ post: AdminPost });

export const AdminPostBody = z.object({
  title: Title,
  url: OptionalFriendlyUrl,
  /** The excerpt shown on the blog's cards. */
  description: Text(500),
  meta_description: Text(300),
  body: Html,
  cover_photo: PictureRef.default(''),
  category_ids: z.array(Id).max(20, 'At most 20 categories.').refine((v) => new Set(v).size === v.length, 'A category appears twice.').default([]),
  status: PostStatus.default('draft'),
});
export type AdminPostBody = z.infer<typeof AdminPostBody>;

export const ADMIN_POSTS_PER_PAGE = 25;
export const AdminPostsQuery = z.object({
  status: PostStatus.optional(),
  category: Id.optional(),
  /** Words of the title or friendly url. */
  q: z.string().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminPostsQuery = z.infer<typeof AdminPostsQuery>;
export const AdminPostsResponse = z.object({ data: z.array(AdminPostSummary), total: z.number(), page: z.number(), per_page: z.number() });
export type AdminPostsResponse = z.infer<typeof AdminPostsResponse>;

export const AdminPostCategory = z.object({ id: z.number(), name: z.string(), slug: z.string(), posts: z.number() });
export type AdminPostCategory = z.infer<typeof AdminPostCategory>;
export const AdminPostCategoryBody = z.object({ name: Name, slug: OptionalFriendlyUrl });
export type AdminPostCategoryBody = z.infer<typeof AdminPostCategoryBody>;
export const AdminPostCategoriesResponse = z.object({ categories: z.array(AdminPostCategory) });
export const AdminPostCategoryResponse = z.object({ category: AdminPostCategory });

// ---------- Pages ----------

export const PagePlacement = z.enum(PAGE_PLACEMENTS);
export type PagePlacement = z.infer<typeof PagePlacement>;

export const AdminPageSummary = z.object({
  id: z.number(), title: z.string(), url: z.string(), placement: PagePlacement,
  page_category_id: z.number().nullable(), sort_order: z.number(),
});
export type AdminPageSummary = z.infer<typeof AdminPageSummary>;
export const AdminPage = AdminPageSummary.extend({ body: z.string(), meta_description: z.string() });
export type AdminPage = z.infer<typeof AdminPage>;
export const AdminPageResponse = z.object({ page: AdminPage });

export const AdminPageBody = z.object({
  title: Title,
  url: OptionalFriendlyUrl,
  placement: PagePlacement,
  /** Required when the placement is `category`; ignored otherwise. */
  page_category_id: Id.nullable().default(null),
  body: Html,
  meta_description: Text(300),
  sort_order: SortOrder,
}).superRefine((b, ctx) => {
  if (b.placement === 'category' && b.page_category_id === null) {
    ctx.addIssue({ code: 'custom', path: ['page_category_id'], message: 'Choose the page category.' });
  }
});
export type AdminPageBody = z.infer<typeof AdminPageBody>;

export const AdminPageCategory = z.object({ id: z.number(), name: z.string(), sort_order: z.number(), pages: z.number() });
export type AdminPageCategory = z.infer<typeof AdminPageCategory>;
export const AdminPageCategoryBody = z.object({ name: Name, sort_order: SortOrder });
export type AdminPageCategoryBody = z.infer<typeof AdminPageCategoryBody>;
export const AdminPageCategoryResponse = z.object({ category: AdminPageCategory });

/** Every page (without bodies) and page category of the store: the Pages screen. */
export const AdminPagesResponse = z.object({ pages: z.array(AdminPageSummary), categories: z.array(AdminPageCategory) });
export type AdminPagesResponse = z.infer<typeof AdminPagesResponse>;

// ---------- Home page ----------

const Alt = z.string().trim().min(1, 'Describe the picture for people who cannot see it.').max(200, 'At most 200 characters.');
const HomePicture = z.object({
  image: PictureRef.refine((v) => v !== '', 'Upload a picture.'),
  alt: Alt,
  /** A caption with the picture; none when empty. */
  text: Text(200),
  /** Where a click goes; none when empty. */
  href: z.union([z.literal(''), SafeLink]).default(''),
});
const FocalPercent = (axis: string) => z.coerce.number({ error: `Enter the ${axis} of the focal point in percent.` }).int(`Whole percent for the ${axis}.`)
  .min(0, `The ${axis} is 0 to 100 percent.`).max(100, `The ${axis} is 0 to 100 percent.`);
export const HomeSlide = HomePicture.extend({
  /** A picture for phones (portrait); none: phones show the wide picture cropped around its focal point. */
  phone_image: PictureRef.default(''),
  /**
   * The picture's subject, in percent from the left and from the top: phones crop around it and the
   * caption stays on the other side. Null: none set (the picture's left side is kept, as before).
   */
  focal_x: FocalPercent('left').nullable().default(null),
  focal_y: FocalPercent('top').nullable().default(null),
}).refine((s) => (s.focal_x === null) === (s.focal_y === null), { path: ['focal_x'], message: 'Give both the left and the top of the focal point, or neither.' });
export type HomeSlide = z.infer<typeof HomeSlide>;
export const HomeBanner = HomePicture.extend({ href: SafeLink });
export type HomeBanner = z.infer<typeof HomeBanner>;

export const AdminHome = z.object({
  slider: z.array(HomeSlide).max(20, 'At most 20 slides.'),
  banners: z.array(HomeBanner).max(20, 'At most 20 banners.'),
});
export type AdminHome = z.infer<typeof AdminHome>;
/** The home page as the form shows it, each picture also as a browser loads it. */
export const AdminHomeResponse = z.object({
  slider: z.array(HomePicture.extend({
    phone_image: z.string(), focal_x: z.number().nullable(), focal_y: z.number().nullable(),
    src: z.string(), phone_src: z.string().nullable(),
  })),
  banners: z.array(HomeBanner.extend({ src: z.string() })),
});
export type AdminHomeResponse = z.infer<typeof AdminHomeResponse>;

// ---------- Store profile (capability settings) ----------

const Phone = z.string().trim().max(40, 'At most 40 characters.').regex(/^[0-9+()\-. ]*$/, 'Use digits, spaces and + ( ) - only.').default('');
const OptionalWebUrl = z.union([z.literal(''), SafeWebUrl]).default('');
export const CURRENCIES = ['INR', 'USD'] as const;

export const AdminStoreProfile = z.object({
  name: Name,
  /** The logo: an uploaded picture's name, a site path or an https address. */
  logo: PictureRef.default(''),
  header: z.object({ phone: Phone, address: Text(300) }),
  footer: z.object({
    contact: z.object({
      address: Text(500),
      email: z.union([z.literal(''), z.email('Enter an email address.').max(254)]).default(''),
      phone: Phone,
    }),
    copyright: Text(500),
  }),
  social: z.object({ facebook: OptionalWebUrl, twitter: OptionalWebUrl, instagram: OptionalWebUrl, youtube: OptionalWebUrl }),
  /** WhatsApp number with its country code, digits only in the link. */
  whatsapp_phone: z.string().trim().max(20, 'At most 20 characters.').regex(/^\+?[0-9 ]*$/, 'Use digits, with + and the country code in front.').default(''),
  /** The map shown in the footer: an https embed address (OpenStreetMap or Google Maps "embed a map"). */
  map_embed_url: OptionalWebUrl,
  currency: z.enum(CURRENCIES),
  /** Dollars per rupee, used when the currency is USD. */
  usd_rate: z.coerce.number({ error: 'Enter the rate.' }).positive('The rate must be more than 0.').max(1, 'At most 1 dollar per rupee.'),
  /** Sites that may show the shop in a frame. */
  allowed_embed_origins: z.array(EmbedOrigin).max(20).default([]),
});
export type AdminStoreProfile = z.infer<typeof AdminStoreProfile>;
export const AdminStoreProfileResponse = z.object({ profile: AdminStoreProfile, logo_src: z.string().nullable() });
export type AdminStoreProfileResponse = z.infer<typeof AdminStoreProfileResponse>;

// ---------- Payment settings (capability payment_settings: owners) ----------

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export const PaymentProviderName = z.enum(PAYMENT_PROVIDERS);
/** Each provider as staff and customers read it: the checkout's payment method names the one in use. */
export const PAYMENT_PROVIDER_LABELS: Record<(typeof PAYMENT_PROVIDERS)[number], string> = {
  sandbox: 'Sandbox (test payments, no money moves)',
  razorpay: 'Razorpay (cards, UPI, netbanking, wallets)',
};
const MethodId = z.coerce.number().int().refine((v) => v in PAYMENT_METHODS, 'Choose a payment method this shop supports.');

export const AdminPaymentSettings = z.object({
  provider: PaymentProviderName,
  /** How long an unpaid order holds its stones. */
  reservation_minutes: z.coerce.number({ error: 'Enter minutes.' }).int('Whole minutes.').min(5, 'At least 5 minutes.').max(1440, 'At most 1,440 minutes (a day).'),
  payment_method_ids: z.array(MethodId).min(1, 'Choose at least one payment method.').max(10)
    .refine((v) => new Set(v).size === v.length, 'A method appears twice.'),
});
export type AdminPaymentSettings = z.infer<typeof AdminPaymentSettings>;
export const AdminPaymentSettingsResponse = z.object({
  settings: AdminPaymentSettings,
  /** Which providers this server can run (a provider without its keys cannot be chosen). */
  providers: z.array(z.object({ name: PaymentProviderName, label: z.string(), ready: z.boolean() })),
  methods: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AdminPaymentSettingsResponse = z.infer<typeof AdminPaymentSettingsResponse>;
