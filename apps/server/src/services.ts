import type { Database } from '@gemstore/db';
import type { Config } from './config.ts';
import { createAddressesService } from './modules/addresses/addresses.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCatalogAdminService } from './modules/catalog/catalog.admin.service.ts';
import { createMediaService } from './modules/media/media.service.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createDocsService } from './modules/docs/docs.service.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { createEnquiriesService } from './modules/enquiries/enquiries.service.ts';
import { createImportsService } from './modules/imports/imports.service.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createSenders, type Senders } from './modules/notifications/senders.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createReturnsService } from './modules/returns/returns.service.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { createSeoService } from './modules/seo/seo.service.ts';
import { createStoresService } from './modules/stores/stores.service.ts';

export interface ServiceDependencies {
  db: Database;
  config: Config;
  /** How messages leave (SMTP, SMS); made from the configuration when not given. */
  senders?: Senders;
}

/**
 * Every module's service, built once per app. A service gets the services it calls here, so the
 * wiring is in one place and points one way: nothing below calls anything above it.
 */
export function createServices({ db, config, senders = createSenders(config.messaging) }: ServiceDependencies) {
  const health = createHealthService({ db });
  const content = createContentService({ db });
  const stores = createStoresService({ db, config, content });
  const catalog = createCatalogService({ db, config });
  const notifications = createNotificationsService({ db, config, senders });
  const customers = createCustomersService({ db });
  const auth = createAuthService({ db, config, customers, notifications });
  const addresses = createAddressesService({ db });
  const cart = createCartService({ db, catalog });
  const orders = createOrdersService({ db });
  const payments = createPaymentsService({ db, checkout: config.checkout });
  const returns = createReturnsService({ db, photos: config.privateMedia });
  const enquiries = createEnquiriesService({ db, config, notifications });
  const docs = createDocsService({ version: '1' });
  const audit = createAuditService({ db });
  const media = createMediaService({ mediaDir: config.mediaDir });
  const catalogAdmin = createCatalogAdminService({ db, audit, media, changed: catalog.forget });
  const imports = createImportsService({ db });
  const staff = createStaffService({ db, config, auth, notifications, audit, stores });
  const seo = createSeoService({ site: config.site, catalog, content });
  return { health, docs, content, stores, catalog, catalogAdmin, imports, media, seo, notifications, customers, auth, addresses, cart, orders, payments, returns, enquiries, audit, staff };
}

export type Services = ReturnType<typeof createServices>;
