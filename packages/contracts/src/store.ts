import { z } from 'zod';
import { isSafeLink, isSafeWebUrl, isSitePath, safeOrigin } from './urls.ts';

const WEB_URL_MESSAGE = 'Use an https:// address (http:// only for localhost).';

/** An absolute https URL (http only on a local development host); javascript:, data: and the rest are refused. */
export const SafeWebUrl = z.string().trim().refine(isSafeWebUrl, WEB_URL_MESSAGE);
/** A path inside the shop ("/product/…") or a SafeWebUrl. */
export const SafeLink = z.string().trim().refine(isSafeLink, `Use a path in the shop (/…) or an https:// address.`);
/** A picture: a media name ("stores/logo.svg"), a path in the shop or a SafeWebUrl; never a scheme such as data:. */
export const MediaRef = z.string().trim().refine(isMediaRef, 'Use a media file name, a path in the shop (/…) or an https:// address.');
/** An origin ("https://partner.example") that may show the shop's pages in a frame. */
export const EmbedOrigin = z.string().trim().refine((v) => safeOrigin(v) !== null, 'Use an origin such as https://partner.example, without a path.');

export function isMediaRef(value: string | null | undefined): value is string {
  return isSitePath(value) || isSafeWebUrl(value) || (typeof value === 'string' && /^[A-Za-z0-9][A-Za-z0-9._/-]{0,500}$/.test(value));
}

export const PageLink = z.object({ id: z.number(), title: z.string(), url: z.string() });
export type PageLink = z.infer<typeof PageLink>;

export const Currency = z.object({
  currency: z.enum(['INR', 'USD']),
  /** Multiply rupees by this to display (1 for INR, the store's rate for USD). */
  exchangeRate: z.number(),
  sign: z.enum(['Rs.', '$']),
});
export type Currency = z.infer<typeof Currency>;

const SocialLinks = z.object({
  facebook: SafeWebUrl.optional(), twitter: SafeWebUrl.optional(),
  instagram: SafeWebUrl.optional(), youtube: SafeWebUrl.optional(),
});
/**
 * A slide of the home page: its picture, words for who cannot see it, and an optional caption and
 * link; an optional portrait picture for phones and the focal point (percent from the left and the
 * top) that phones crop around and the caption keeps clear of.
 */
const Slide = z.object({
  image: MediaRef, alt: z.string(), text: z.string().optional(), href: SafeLink.optional(),
  phoneImage: MediaRef.optional(), focalX: z.number().min(0).max(100).optional(), focalY: z.number().min(0).max(100).optional(),
});
const Banner = z.object({ image: MediaRef, alt: z.string(), href: SafeLink, text: z.string().optional() });

export const StoreProfile = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  isFromIndia: z.boolean(),
  primary_logo: z.object({ path: z.union([MediaRef, z.literal('')]) }),
  phone_country_code: z.object({ phonecode: z.string() }),
  primary_address: z.object({ city: z.string(), state: z.string(), country: z.string() }),
  configurationData: z.object({
    header: z.object({ phone: z.string(), address: z.string() }),
    footer: z.object({
      contact: z.object({ address: z.string(), email: z.string(), phone: z.string() }),
      copyright: z.string(),
    }),
    social: SocialLinks,
    mapEmbedUrl: SafeWebUrl.optional(),
    whatsappPhone: z.string().optional(),
    slider: z.array(Slide),
    banners: z.array(Banner),
  }),
  currency: Currency,
  /** The store's ratti in mg (a store setting; shops define it differently). */
  ratti_mg: z.number(),
  /** The store's own address (`https://shop.example`, no trailing slash): canonical links and structured data start with it. */
  site_url: z.string(),
});
export type StoreProfile = z.infer<typeof StoreProfile>;

export const StoreProfileResponse = z.object({ profile: StoreProfile, nonCategorizedPages: z.array(PageLink) });
export type StoreProfileResponse = z.infer<typeof StoreProfileResponse>;

export const CheckDomainResponse = z.object({ exists: z.literal(true), store: z.object({ id: z.number(), name: z.string() }) });
export type CheckDomainResponse = z.infer<typeof CheckDomainResponse>;

/**
 * A store's display configuration as the back office saves it: every URL in it is checked here, so
 * an unsafe one is refused before it is stored. `allowedEmbedOrigins` lists the sites that may show
 * the shop in a frame (none by default).
 */
export const StoreConfigurationInput = z.object({
  header: z.object({ phone: z.string().trim().max(40), address: z.string().trim().max(300) }),
  footer: z.object({
    contact: z.object({ address: z.string().trim().max(500), email: z.string().trim().max(254), phone: z.string().trim().max(40) }),
    copyright: z.string().trim().max(500),
  }),
  social: SocialLinks,
  mapEmbedUrl: SafeWebUrl.optional(),
  whatsappPhone: z.string().trim().max(20).optional(),
  slider: z.array(Slide).max(20),
  banners: z.array(Banner).max(20),
  allowedEmbedOrigins: z.array(EmbedOrigin.transform((v) => safeOrigin(v)!)).max(20).optional(),
});
export type StoreConfigurationInput = z.infer<typeof StoreConfigurationInput>;
