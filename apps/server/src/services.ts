import type { Database } from '@gemstore/db';
import type { Config } from './config.ts';
import { createMediaStore, type MediaStore } from './lib/media-store.ts';

import type { Jobs } from './lib/jobs.ts';
import type { CacheCounter } from './lib/metrics.ts';
import { primaryOnly, type ReadRouting } from './lib/read-replica.ts';
import { createAddressesService } from './modules/addresses/addresses.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createWishlistService } from './modules/wishlist/wishlist.service.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCatalogAdminService } from './modules/catalog/catalog.admin.service.ts';
import { createMediaService } from './modules/media/media.service.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createContentAdminService } from './modules/content/content.admin.service.ts';
import { createDocsService } from './modules/docs/docs.service.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { createEnquiriesService } from './modules/enquiries/enquiries.service.ts';
import { createNewsletterService } from './modules/newsletter/newsletter.service.ts';
import { createImportsService } from './modules/imports/imports.service.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { createDiscountsService } from './modules/discounts/discounts.service.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createSenders, type Senders } from './modules/notifications/senders.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createReturnsService } from './modules/returns/returns.service.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { createSeoService } from './modules/seo/seo.service.ts';
import { createCouriersService } from './modules/couriers/couriers.service.ts';
import { createStoresService } from './modules/stores/stores.service.ts';
import { createStoresAdminService } from './modules/stores/stores.admin.service.ts';

export interface ServiceDependencies {
  db: Database;
  config: Config;
  /** How messages leave (SMTP, SMS); made from the configuration when not given. */
  senders?: Senders;
  /** Where stored files live; made from the configuration when not given (whoever makes one closes it). */
  mediaStore?: MediaStore;

  /** The job queue: messages wait there for their sender. */
  jobs: Jobs;
  /** Told of each look-up in the services' caches (metrics). */
  caches?: CacheCounter;
  /** Where public catalogue and content reads go; every read on `db` when not given. */
  readRouting?: ReadRouting;
}

/**
 * Every module's service, built once per app. A service gets the services it calls here, so the
 * wiring is in one place and points one way: nothing below calls anything above it.
 */
export function createServices({
  db, config, senders = createSenders(config.messaging), jobs, caches, readRouting = primaryOnly(db), mediaStore = createMediaStore(config.media, config.dataDir),
}: ServiceDependencies) {
  const health = createHealthService({ db, readRouting });
  const content = createContentService({ db, readRouting, mediaBase: config.media.publicBase });
  const stores = createStoresService({ db, config, content, caches, readRouting });
  const catalog = createCatalogService({ db, config, caches, readRouting });
  const notifications = createNotificationsService({ db, config, senders, jobs });
  const customers = createCustomersService({ db });
  const auth = createAuthService({ db, config, customers, notifications });
  const addresses = createAddressesService({ db, customers });
  const cart = createCartService({ db, catalog });
  const wishlist = createWishlistService({ db, catalog });
  const orders = createOrdersService({ db });
  const payments = createPaymentsService({ db, checkout: config.checkout });
  const audit = createAuditService({ db });
  const couriers = createCouriersService({ db, audit });
  const returns = createReturnsService({ db, photos: config.privateMedia, store: mediaStore, couriers });
  const enquiries = createEnquiriesService({ db, config, notifications, audit });
  const newsletter = createNewsletterService({ db, config, notifications });
  const docs = createDocsService({ version: '1' });
  const media = createMediaService({ store: mediaStore, publicBase: config.media.publicBase, audit });
  const catalogAdmin = createCatalogAdminService({ db, audit, media, changed: catalog.forget });
  const imports = createImportsService({ db });
  const invoices = createInvoicesService({ db });
  const discounts = createDiscountsService({ db, audit, catalog, orders, guesses: { max: config.checkout.discountGuessesPerCustomer, windowSeconds: config.auth.rateLimitWindowSeconds } });
  const staff = createStaffService({ db, config, auth, notifications, audit, stores });
  const seo = createSeoService({ site: config.site, catalog, content });
  /**
   * A store's profile, settings, menus, pages or posts changed (here, or in another process: app.ts
   * listens for STORE_CHANGED): this process's copies of that store are dropped.
   */
  const storeChanged = (storeId: number): void => {
    stores.forget(storeId);
  };
  const contentAdmin = createContentAdminService({ db, audit, media, changed: storeChanged });
  const storesAdmin = createStoresAdminService({ db, audit, media, payments, changed: storeChanged });
  return { storeChanged, health, docs, content, contentAdmin, stores, storesAdmin, catalog, catalogAdmin, imports, media, seo, notifications, customers, auth, addresses, cart, wishlist, orders, payments, returns, enquiries, newsletter, audit, staff, invoices, discounts, couriers };
}

export type Services = ReturnType<typeof createServices>;
