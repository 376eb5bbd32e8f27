import {
  PAYMENT_METHODS, PAYMENT_PROVIDER_LABELS, PAYMENT_PROVIDERS, pictureSrc,
  type AdminHome, type AdminHomeResponse, type AdminPaymentSettings, type AdminPaymentSettingsResponse,
  type AdminStoreProfile, type AdminStoreProfileResponse, type ShippingSettings, type ShippingSettingsBody,
} from '@gemstore/contracts';
import type { Database, StoreConfiguration } from '@gemstore/db';
import { executor, type RequestContext, within } from '../../lib/context.ts';
import type { Executor } from '../../lib/db.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { homeCountryOf } from '../../lib/order-totals.ts';
import { announceStoreChange } from '../../lib/store-changes.ts';
import { type AuditRecord, type AuditService, changedFields } from '../audit/audit.service.ts';
import type { MediaService } from '../media/media.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import * as repo from './stores.repo.ts';

export interface StoresAdminDeps {
  db: Database;
  audit: AuditService;
  media: MediaService;
  payments: Pick<PaymentsService, 'providerReady'>;
  /** Told after every change, so this process's copies of the store (profile, settings, menus) are read afresh. */
  changed: (storeId: number) => void;
}

const PROVIDER_LABELS = PAYMENT_PROVIDER_LABELS;
const NOT_READY: Record<(typeof PAYMENT_PROVIDERS)[number], string> = {
  sandbox: 'The sandbox is off on this server (it never runs in production): choose a real provider.',
  razorpay: 'Razorpay cannot take payments on this server yet: its keys (RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET) are not set.',
};

/** Nested values as one level of dotted keys ("header.phone"), so the audit log names the field that changed. */
function flat(value: unknown, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flat(v, prefix ? `${prefix}.${k}` : k, into);
  } else {
    into[prefix] = value;
  }
  return into;
}

function toProfile(row: repo.StoreRow): AdminStoreProfile {
  const c = row.configuration;
  return {
    name: row.name, logo: row.logoPath,
    header: { phone: c.header.phone, address: c.header.address },
    footer: { contact: { ...c.footer.contact }, copyright: c.footer.copyright },
    social: { facebook: c.social.facebook ?? '', twitter: c.social.twitter ?? '', instagram: c.social.instagram ?? '', youtube: c.social.youtube ?? '' },
    whatsapp_phone: c.whatsappPhone ?? '', map_embed_url: c.mapEmbedUrl ?? '',
    currency: row.currency, usd_rate: row.usdRate, allowed_embed_origins: c.allowedEmbedOrigins ?? [],
  };
}

const rupees = (paise: number | null) => (paise === null ? null : paise / 100);
const paise = (rupees: number | null) => (rupees === null ? null : Math.round(rupees * 100));

function toShipping(row: repo.StoreRow): ShippingSettings {
  return {
    home_country: homeCountryOf(row),
    home: { amount: row.shippingHomePaise / 100, free_from: rupees(row.shippingHomeFreeFromPaise) },
    abroad: { amount: row.shippingAbroadPaise / 100, free_from: rupees(row.shippingAbroadFreeFromPaise) },
  };
}

function toHome(c: StoreConfiguration, mediaBase: string): AdminHomeResponse {
  return {
    slider: c.slider.map((s) => ({
      image: s.image, alt: s.alt, text: s.text ?? '', href: s.href ?? '', src: pictureSrc(s.image, 1600, mediaBase),
      phone_image: s.phoneImage ?? '', phone_src: s.phoneImage ? pictureSrc(s.phoneImage, 800, mediaBase) : null,
      focal_x: s.focalX ?? null, focal_y: s.focalY ?? null,
    })),
    banners: c.banners.map((b) => ({ image: b.image, alt: b.alt, text: b.text ?? '', href: b.href, src: pictureSrc(b.image, 800, mediaBase) })),
  };
}

const toPayments = (row: repo.StoreRow): AdminPaymentSettings => ({
  provider: row.paymentProvider === 'razorpay' ? 'razorpay' : 'sandbox',
  reservation_minutes: row.reservationMinutes,
  payment_method_ids: row.paymentMethodIds,
});

/**
 * The back office's store settings: the profile and the home page's slider and banners (stored in
 * the store's configuration) and the payment settings. Each write locks the store's row, records
 * the changed fields in the audit log and tells every process in the same transaction.
 */
export function createStoresAdminService({ db, audit, media, payments, changed }: StoresAdminDeps) {
  type Recorder = (entry: AuditRecord) => Promise<void>;
  async function write<T>(ctx: RequestContext, work: (tx: Executor, row: repo.StoreRow, record: Recorder) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const row = await repo.lockStore(tx, ctx.store.id);
      if (!row) throw new NotFoundError('This store does not exist.', 'unknown_store');
      const done = await work(tx, row, (entry) => audit.record(within(ctx, tx), entry));
      await announceStoreChange(tx, ctx.store.id);
      return done;
    });
    changed(ctx.store.id);
    return result;
  }
  async function read(ctx: RequestContext): Promise<repo.StoreRow> {
    const row = await repo.findStoreById(executor(db, ctx), ctx.store.id);
    if (!row) throw new NotFoundError('This store does not exist.', 'unknown_store');
    return row;
  }
  const profileResponse = (row: repo.StoreRow): AdminStoreProfileResponse => ({
    profile: toProfile(row), logo_src: row.logoPath ? pictureSrc(row.logoPath, 400, media.publicBase) : null,
  });
  const paymentsResponse = (row: repo.StoreRow): AdminPaymentSettingsResponse => ({
    settings: toPayments(row),
    providers: PAYMENT_PROVIDERS.map((name) => ({ name, label: PROVIDER_LABELS[name], ready: payments.providerReady(name) })),
    methods: Object.entries(PAYMENT_METHODS).map(([id, name]) => ({ id: Number(id), name })),
  });

  return {
    profile: async (ctx: RequestContext) => profileResponse(await read(ctx)),

    updateProfile: (ctx: RequestContext, b: AdminStoreProfile) => write(ctx, async (tx, row, record) => {
      await media.checkPictures(ctx, [['logo', b.logo]]);
      const before = toProfile(row);
      const c = row.configuration;
      const social = Object.fromEntries(Object.entries(b.social).filter(([, url]) => url)) as StoreConfiguration['social'];
      const configuration: StoreConfiguration = {
        ...c,
        header: b.header, footer: b.footer, social,
        whatsappPhone: b.whatsapp_phone || undefined, mapEmbedUrl: b.map_embed_url || undefined,
        allowedEmbedOrigins: b.allowed_embed_origins.length ? b.allowed_embed_origins : undefined,
      };
      const values = { name: b.name, logoPath: b.logo, configuration, currency: b.currency, usdRate: b.usd_rate };
      await repo.updateStore(tx, ctx.store.id, values);
      const after = toProfile({ ...row, ...values });
      await record({ action: 'store.profile_update', objectType: 'store', objectId: ctx.store.id, changes: changedFields(flat(before), flat(after)) });
      return profileResponse({ ...row, ...values });
    }),

    home: async (ctx: RequestContext) => toHome((await read(ctx)).configuration, media.publicBase),

    updateHome: (ctx: RequestContext, b: AdminHome) => write(ctx, async (tx, row, record) => {
      await media.checkPictures(ctx, [
        ...b.slider.map((s, i): [string, string] => [`slider.${i}.image`, s.image]),
        ...b.slider.map((s, i): [string, string] => [`slider.${i}.phone_image`, s.phone_image]),
        ...b.banners.map((s, i): [string, string] => [`banners.${i}.image`, s.image]),
      ]);
      const before = row.configuration;
      const configuration: StoreConfiguration = {
        ...before,
        slider: b.slider.map((s) => ({
          image: s.image, alt: s.alt, ...(s.text ? { text: s.text } : {}), ...(s.href ? { href: s.href } : {}),
          ...(s.phone_image ? { phoneImage: s.phone_image } : {}),
          ...(s.focal_x !== null && s.focal_y !== null ? { focalX: s.focal_x, focalY: s.focal_y } : {}),
        })),
        banners: b.banners.map((s) => ({ image: s.image, alt: s.alt, href: s.href, ...(s.text ? { text: s.text } : {}) })),
      };
      await repo.updateStore(tx, ctx.store.id, { configuration });
      await record({
        action: 'store.home_update', objectType: 'store', objectId: ctx.store.id,
        changes: changedFields({ slider: before.slider, banners: before.banners }, { slider: configuration.slider, banners: configuration.banners }),
      });
      return toHome(configuration, media.publicBase);
    }),

    payments: async (ctx: RequestContext) => paymentsResponse(await read(ctx)),

    /** A provider this server cannot run (Razorpay without its keys, the sandbox where it is off) is refused: checkout would fail. */
    updatePayments: (ctx: RequestContext, b: AdminPaymentSettings) => write(ctx, async (tx, row, record) => {
      if (!payments.providerReady(b.provider)) throw ValidationError.field('provider', NOT_READY[b.provider]);
      const values = { paymentProvider: b.provider, reservationMinutes: b.reservation_minutes, paymentMethodIds: b.payment_method_ids };
      await repo.updateStore(tx, ctx.store.id, values);
      await record({
        action: 'store.payments_update', objectType: 'store', objectId: ctx.store.id,
        changes: changedFields(toPayments(row), toPayments({ ...row, ...values })),
      });
      return paymentsResponse({ ...row, ...values });
    }),

    shipping: async (ctx: RequestContext) => toShipping(await read(ctx)),

    /** New rates count for orders placed from now on; placed orders keep the shipping they were charged. */
    updateShipping: (ctx: RequestContext, b: ShippingSettingsBody) => write(ctx, async (tx, row, record) => {
      const values: repo.ShippingSettingsValues = {
        shippingHomePaise: paise(b.home.amount)!, shippingHomeFreeFromPaise: paise(b.home.free_from),
        shippingAbroadPaise: paise(b.abroad.amount)!, shippingAbroadFreeFromPaise: paise(b.abroad.free_from),
      };
      await repo.updateStore(tx, ctx.store.id, values);
      const after = toShipping({ ...row, ...values });
      await record({ action: 'store.shipping_update', objectType: 'store', objectId: ctx.store.id, changes: changedFields(flat(toShipping(row)), flat(after)) });
      return after;
    }),
  };
}

export type StoresAdminService = ReturnType<typeof createStoresAdminService>;
