import type { StoreConfiguration } from '../schema/stores.ts';
import { storeDomains, stores } from '../schema/index.ts';
import type { DbOrTx } from './catalogue.ts';
import { storeAssetPath } from './media.ts';
import type { Palette } from './svg.ts';

export interface Slide { headline: string; sub: string; gem: string; color: string; palette: Palette }
export interface Banner extends Slide { href: string }

/** Everything needed to create one demo store and draw its pictures. */
export interface StoreDef {
  slug: string;
  name: string;
  tagline: string;
  email: string;
  isFromIndia: boolean;
  usdRate: number;
  phoneCountryCode: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  country: string;
  domains: string[];
  /** The seller on tax invoices (stores from India): legal name, GSTIN, state (ISO id), and the invoice numbers' prefix. */
  tax: { legalName: string; gstin: string; stateId: string; invoicePrefix: string };
  /** Shipping per order in paise: in the shop's own country and abroad, each free from an order value (null: never). */
  shipping: { homePaise: number; homeFreeFromPaise: number | null; abroadPaise: number; abroadFreeFromPaise: number | null };
  /** OpenStreetMap embed of the shop's street. */
  mapEmbedUrl: string;
  social: StoreConfiguration['social'];
  ink: string;
  logoStone: string;
  slides: Slide[];
  banners: Banner[];
}

const night: Palette = { from: '#14182b', to: '#2d2346', accent: '#d9b65f', ink: '#f7f1e3' };
const ivory: Palette = { from: '#fbf6ec', to: '#eadcc2', accent: '#9c7a35', ink: '#2b2520' };
const emerald: Palette = { from: '#0d2a22', to: '#1f4d3d', accent: '#e2c77d', ink: '#f3f0e6' };
const wine: Palette = { from: '#2a0f17', to: '#5a1c2c', accent: '#e8c27a', ink: '#fbefe9' };
const dusk: Palette = { from: '#1d2540', to: '#4a5a8a', accent: '#f0d9a0', ink: '#f6f3ec' };

function osmEmbed(lon: number, lat: number): string {
  const d = 0.006;
  const bbox = [lon - d, lat - d / 2, lon + d, lat + d / 2].map((n) => n.toFixed(4)).join('%2C');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat.toFixed(4)}%2C${lon.toFixed(4)}`;
}

const listing = (category: string, product: string) => `/product/${category}/${product}`;

export const RATNA: StoreDef = {
  slug: 'ratna', name: 'Ratna Gems', tagline: 'Certified natural gemstones',
  email: 'care@ratnagems.example', isFromIndia: true, usdRate: 0.015, phoneCountryCode: '91',
  phone: '+91 141 256 7890',
  address: '112 Johari Bazaar, Jaipur, Rajasthan 302003, India',
  city: 'Jaipur', state: 'Rajasthan', country: 'India',
  domains: ['ratna.localhost', 'localhost', '127.0.0.1'],
  // A made-up GSTIN of Rajasthan (state code 08) with a valid check character.
  tax: { legalName: 'Ratna Gems Private Limited', gstin: '08AABCR1234K1ZH', stateId: 'IN-RJ', invoicePrefix: 'RG' },
  // Rs 150 in India, free from Rs 10,000; Rs 2,500 anywhere else.
  shipping: { homePaise: 150_00, homeFreeFromPaise: 10_000_00, abroadPaise: 2_500_00, abroadFreeFromPaise: null },
  mapEmbedUrl: osmEmbed(75.8267, 26.9196),
  social: {
    facebook: 'https://www.facebook.com/ratnagems.demo', instagram: 'https://www.instagram.com/ratnagems.demo',
    youtube: 'https://www.youtube.com/@ratnagems.demo', twitter: 'https://x.com/ratnagems_demo',
  },
  ink: '#2b2520', logoStone: 'Royal Blue',
  slides: [
    { headline: 'Certified Natural Gemstones', sub: 'Every stone unique, every stone lab-certified', gem: 'blue-sapphire', color: 'Royal Blue', palette: night },
    { headline: 'Pukhraj from Ceylon', sub: 'Bright, clean yellow sapphires for Jupiter', gem: 'yellow-sapphire', color: 'Golden Yellow', palette: ivory },
    { headline: 'The Emerald Edit', sub: 'Colombian and Zambian panna, hand-picked in Jaipur', gem: 'emerald', color: 'Vivid Green', palette: emerald },
  ],
  banners: [
    { headline: 'Blue Sapphire', sub: 'Neelam from Ceylon and Kashmir', href: listing('precious-gemstones', 'blue-sapphire'), gem: 'blue-sapphire', color: 'Cornflower Blue', palette: dusk },
    { headline: 'Ruby', sub: 'Manik in pigeon blood red', href: listing('precious-gemstones', 'ruby'), gem: 'ruby', color: 'Pigeon Blood Red', palette: wine },
    { headline: 'Red Coral', sub: 'Natural Italian moonga', href: listing('navratna-gemstones', 'red-coral'), gem: 'red-coral', color: 'Orange Red', palette: ivory },
  ],
};

export const ATELIER: StoreDef = {
  slug: 'atelier', name: 'Atelier Gemstones', tagline: 'Fine natural gems, shipped worldwide',
  email: 'hello@ateliergemstones.example', isFromIndia: false, usdRate: 0.015, phoneCountryCode: '1',
  phone: '+1 212 555 0147',
  address: '20 West 47th Street, Suite 1204, New York, NY 10036, United States',
  city: 'New York', state: 'New York', country: 'United States',
  domains: ['atelier.localhost'],
  tax: { legalName: 'Atelier Gemstones LLC', gstin: '', stateId: '', invoicePrefix: 'AG' },
  // Charged in rupees: about $30 in the United States, free from about $1,500; about $60 anywhere else.
  shipping: { homePaise: 2_000_00, homeFreeFromPaise: 100_000_00, abroadPaise: 4_000_00, abroadFreeFromPaise: null },
  mapEmbedUrl: osmEmbed(-73.9809, 40.7572),
  social: { instagram: 'https://www.instagram.com/ateliergemstones.demo', youtube: 'https://www.youtube.com/@ateliergemstones.demo' },
  ink: '#1d2230', logoStone: 'Vivid Green',
  slides: [
    { headline: 'Rare Gems, Honestly Graded', sub: 'Natural stones with GIA, GRS and IGI reports', gem: 'ruby', color: 'Pigeon Blood Red', palette: wine },
    { headline: 'Sapphires of Ceylon', sub: 'Cornflower to royal blue, unheated stones marked', gem: 'blue-sapphire', color: 'Cornflower Blue', palette: dusk },
    { headline: 'Pearls and Diamonds', sub: 'Classic white gems for everyday brilliance', gem: 'diamond', color: 'White', palette: night },
  ],
  banners: [
    { headline: 'Emerald', sub: 'Colombian colour, certified', href: listing('precious-gemstones', 'emerald'), gem: 'emerald', color: 'Vivid Green', palette: emerald },
    { headline: 'Yellow Sapphire', sub: 'Golden and canary yellow', href: listing('navratna-gemstones', 'yellow-sapphire'), gem: 'yellow-sapphire', color: 'Canary Yellow', palette: ivory },
    { headline: "Cat's Eye", sub: 'A sharp eye that opens and closes', href: listing('navratna-gemstones', 'cats-eye'), gem: 'cats-eye', color: 'Honey', palette: night },
  ],
};

/** An Indian store for load tests, on any domain (seed:large). */
export function benchStore(domain: string): StoreDef {
  return {
    ...RATNA, slug: slugOfDomain(domain), name: 'Bench Gems', tagline: 'Large catalogue for load tests',
    email: 'bench@gemstore.example', domains: [domain], tax: { ...RATNA.tax, legalName: 'Bench Gems Private Limited', invoicePrefix: 'BG' },
  };
}

function slugOfDomain(domain: string): string {
  return `bench-${domain.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

export const slideImage = (store: StoreDef, i: number) => storeAssetPath(store.slug, `slide-${i + 1}`);
export const bannerImage = (store: StoreDef, i: number) => storeAssetPath(store.slug, `banner-${i + 1}`);
export const logoImage = (store: StoreDef) => storeAssetPath(store.slug, 'logo');

export function storeConfiguration(s: StoreDef): StoreConfiguration {
  const year = new Date().getUTCFullYear();
  return {
    header: { phone: s.phone, address: `${s.city}, ${s.country}` },
    footer: {
      contact: { address: s.address, email: s.email, phone: s.phone },
      copyright: `© ${year} ${s.name}. All rights reserved. Natural gemstones, certified by independent laboratories.`,
    },
    social: s.social,
    mapEmbedUrl: s.mapEmbedUrl,
    slider: s.slides.map((x, i) => ({ image: slideImage(s, i), alt: `${x.headline}: ${x.sub}` })),
    banners: s.banners.map((x, i) => ({ image: bannerImage(s, i), alt: `${x.headline}: ${x.sub}`, href: x.href })),
  };
}

/** Inserts the store row and its domains; returns the store id. */
export async function createStore(db: DbOrTx, s: StoreDef): Promise<number> {
  const [row] = await db.insert(stores).values({
    name: s.name, email: s.email, isFromIndia: s.isFromIndia, currency: s.isFromIndia ? 'INR' : 'USD', usdRate: s.usdRate, rattiMg: 182,
    phoneCountryCode: s.phoneCountryCode, addressCity: s.city, addressState: s.state, addressCountry: s.country,
    logoPath: logoImage(s), configuration: storeConfiguration(s),
    reservationMinutes: 15, paymentProvider: 'sandbox', paymentMethodIds: [1001],
    legalName: s.tax.legalName, taxAddress: s.address, gstin: s.tax.gstin, taxStateId: s.tax.stateId, invoicePrefix: s.tax.invoicePrefix,
    shippingHomePaise: s.shipping.homePaise, shippingHomeFreeFromPaise: s.shipping.homeFreeFromPaise,
    shippingAbroadPaise: s.shipping.abroadPaise, shippingAbroadFreeFromPaise: s.shipping.abroadFreeFromPaise,
  }).returning({ id: stores.id });
  // The first domain is the store's own address (canonical links, sitemap).
  await db.insert(storeDomains).values(s.domains.map((domain, i) => ({ domain, storeId: row!.id, isPrimary: i === 0 })));
  return row!.id;
}
