import { z } from 'zod';

export const PageLink = z.object({ id: z.number(), title: z.string(), url: z.string() });
export type PageLink = z.infer<typeof PageLink>;

export const Currency = z.object({
  currency: z.enum(['INR', 'USD']),
  /** Multiply rupees by this to display (1 for INR, the store's rate for USD). */
  exchangeRate: z.number(),
  sign: z.enum(['Rs.', '$']),
});
export type Currency = z.infer<typeof Currency>;

export const StoreProfile = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  isFromIndia: z.boolean(),
  primary_logo: z.object({ path: z.string() }),
  phone_country_code: z.object({ phonecode: z.string() }),
  primary_address: z.object({ city: z.string(), state: z.string(), country: z.string() }),
  configurationData: z.object({
    header: z.object({ phone: z.string(), address: z.string() }),
    footer: z.object({
      contact: z.object({ address: z.string(), email: z.string(), phone: z.string() }),
      copyright: z.string(),
    }),
    social: z.object({
      facebook: z.string().optional(), twitter: z.string().optional(),
      instagram: z.string().optional(), youtube: z.string().optional(),
    }),
    mapEmbedUrl: z.string().optional(),
    whatsappPhone: z.string().optional(),
    slider: z.array(z.object({ image: z.string(), alt: z.string() })),
    banners: z.array(z.object({ image: z.string(), alt: z.string(), href: z.string() })),
  }),
  currency: Currency,
  /** The store's ratti in mg (DOMAIN.md). */
  ratti_mg: z.number(),
  gst_rate: z.number(),
});
export type StoreProfile = z.infer<typeof StoreProfile>;

export const StoreProfileResponse = z.object({ profile: StoreProfile, nonCategorizedPages: z.array(PageLink) });
export type StoreProfileResponse = z.infer<typeof StoreProfileResponse>;

export const CheckDomainResponse = z.object({ exists: z.literal(true), store: z.object({ id: z.number(), name: z.string() }) });
export type CheckDomainResponse = z.infer<typeof CheckDomainResponse>;
