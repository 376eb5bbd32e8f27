import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, DbHandle } from '@gemstore/db';
import { refusingUnstorableText } from '@gemstore/contracts';
import type { Config } from './config.ts';
import './lib/context.ts';
import { createServices, type Services } from './services.ts';
import { createFlows, type Flows } from './flows/index.ts';
import type { Senders } from './modules/notifications/senders.ts';
import { contractSerializerCompiler } from './lib/serializer.ts';
import { OneLinePerRequest, loggerOptions } from './lib/logging.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { readReplicaPlugin } from './plugins/read-replica.ts';
import { primaryOnly, type ReadRouting, replicaRouting } from './lib/read-replica.ts';
import { databaseAvailabilityPlugin } from './plugins/database-availability.ts';
import { tenantPlugin } from './plugins/tenant.ts';
import { authPlugin } from './plugins/auth.ts';
import { mediaPlugin } from './plugins/media.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { webPlugin } from './plugins/web.ts';
import { adminPlugin } from './plugins/admin.ts';
import { storesRoutes } from './modules/stores/stores.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { catalogAdminRoutes } from './modules/catalog/catalog.admin.routes.ts';
import { CATALOG_CHANGED } from './modules/catalog/catalog.admin.service.ts';
import { STORE_CHANGED } from './lib/store-changes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { contentAdminRoutes } from './modules/content/content.admin.routes.ts';
import { storesAdminRoutes } from './modules/stores/stores.admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ordersAdminRoutes } from './modules/orders/orders.admin.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { returnsRoutes } from './modules/returns/returns.routes.ts';
import { returnsAdminRoutes } from './modules/returns/returns.admin.routes.ts';
import { enquiriesRoutes } from './modules/enquiries/enquiries.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { discountsAdminRoutes } from './modules/discounts/discounts.admin.routes.ts';
import { couriersRoutes } from './modules/couriers/couriers.routes.ts';
import { couriersAdminRoutes } from './modules/couriers/couriers.admin.routes.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { createJobs, type Jobs } from './lib/jobs.ts';
import { createMetrics, type Metrics, type MetricsSources } from './lib/metrics.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { MESSAGE_QUEUE } from './modules/notifications/notifications.service.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { docsRoutes } from './modules/docs/docs.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /**
   * The database handle's outage tools and its notifications; without them the database is asked
   * through `db`, the pool is never renewed, and other processes' catalogue changes are not heard.
   */
  connections?: Pick<DbHandle, 'ping' | 'renewConnections'> & Partial<Pick<DbHandle, 'listen' | 'pool'>>;
  /**
   * The read replica (DATABASE_READ_URL, opened by the caller): public catalogue and content reads go
   * there when they may (lib/read-replica.ts). Notices are still heard on the primary (`connections`).
   */
  replica?: Pick<DbHandle, 'db' | 'ping' | 'renewConnections'>;
  /** Serve the React app (off in API tests). */
  web?: boolean;
  logger?: boolean;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: FastifyLoggerOptions['stream'];
  /** How messages leave; made from the configuration when not given. */
  senders?: Senders;
  /** The process's metrics (main.ts hands a worker's to the cluster's scrape); made here when not given. */
  metrics?: Metrics;
}

/** The whole product as a Fastify instance, without listen() (main.ts listens, tests inject). */
export async function buildApp({ config, db, connections, replica, web = true, logger = true, logStream, senders, metrics = createMetrics() }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config, logStream) : false,
    ...(config.logFormat === 'pretty' ? { logController: new OneLinePerRequest() } : {}),
    // The client's address, protocol and host come from X-Forwarded-* only when a configured proxy sent them.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  // Every body, query and path parameter holding text that cannot be stored (NUL, lone surrogates) is refused before its schema reads it.
  app.setValidatorCompiler((route) => validatorCompiler({ ...route, schema: refusingUnstorableText(route.schema as never) }));
  app.setSerializerCompiler(contractSerializerCompiler({ checkWithZod: config.env !== 'production' }));
  app.decorate('config', config);
  app.decorate('db', db);
  // Built once: routes and plugins reach every module's service, and the flows above them, through the app.
  const readRouting = replica ? replicaRouting({ primary: db, replica, maxLagSeconds: config.readReplica.maxLagSeconds }) : primaryOnly(db);
  readRouting.start(app.log);
  app.addHook('onClose', () => readRouting.stop());
  app.decorate('readRouting', readRouting);
    app.decorate('metrics', metrics);
  const jobs = createJobs({
    db, log: app.log, pollSeconds: config.jobs.pollSeconds,
    events: { sent: (queue) => metrics.jobSent(queue), finished: (queue, outcome, seconds) => metrics.jobFinished(queue, outcome, seconds) },
  });
  app.decorate('jobs', jobs);
  const pool = connections?.pool;
  pool?.onTransactionWait((seconds) => metrics.poolWaited(seconds));
  Object.assign(metrics.sources, {
    pool: pool && (() => ({ connections: pool.connections, ...pool.stats() })),
    jobs: () => jobs.counts(),
    outboxBacklog: async () => { const m = (await jobs.counts())[MESSAGE_QUEUE]; return m ? m.waiting + m.active : 0; },
  } satisfies MetricsSources);
  const services = createServices({ db, config, senders, jobs, caches: metrics, readRouting });
  app.decorate('services', services);
  app.decorate('flows', createFlows(db, services, config, jobs));
  // A catalogue change made by another process (a second replica, an import job) clears this one's copy of the store's lists.
  await connections?.listen?.(CATALOG_CHANGED, (payload) => services.catalog.heard(payload))
    .catch((err: unknown) => app.log.warn({ err }, 'catalogue changes of other processes will show after STORE_CACHE_SECONDS'));
  // So does a change of a store's profile, settings, menus, pages or posts.
  await connections?.listen?.(STORE_CHANGED, (storeId) => services.storeChanged(Number(storeId)))
    .catch((err: unknown) => app.log.warn({ err }, 'store changes of other processes will show after STORE_CACHE_SECONDS'));

  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(databaseAvailabilityPlugin, { connections });
  await app.register(tenantPlugin);
  await app.register(authPlugin);
  await app.register(readReplicaPlugin, { routing: readRouting });

  await app.register(async (api) => {
    await api.register(healthRoutes);
    await api.register(docsRoutes);
    await api.register(storesRoutes);
    await api.register(catalogRoutes);
    await api.register(catalogAdminRoutes);
    await api.register(importsRoutes);
    await api.register(mediaRoutes);
    await api.register(contentRoutes);
    await api.register(contentAdminRoutes);
    await api.register(storesAdminRoutes);
    await api.register(authRoutes);
    await api.register(customersRoutes);
    await api.register(notificationsRoutes);
    await api.register(addressesRoutes);
    await api.register(cartRoutes);
    await api.register(wishlistRoutes);
    await api.register(ordersRoutes);
    await api.register(ordersAdminRoutes);
    await api.register(returnsRoutes);
    await api.register(returnsAdminRoutes);
    await api.register(enquiriesRoutes);
    await api.register(discountsAdminRoutes);
    await api.register(invoicesRoutes);
    await api.register(couriersRoutes);
    await api.register(couriersAdminRoutes);
    await api.register(newsletterRoutes);
    await api.register(staffRoutes);
    await api.register(auditRoutes);
  }, { prefix: '/api' });

  await app.register(paymentsRoutes);
  await app.register(seoRoutes);
  await app.register(jobsPlugin);
  await app.register(mediaPlugin);
  if (web) {
    await app.register(adminPlugin);
    await app.register(webPlugin);
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    /** Where public reads go (the read replica or the primary) and how the replica is doing. */
    readRouting: ReadRouting;
    services: Services;
    flows: Flows;
    /** Background jobs (lib/jobs.ts): `runDue()` runs what is due now (tests, with JOBS_POLL_SECONDS=0). */
    jobs: Jobs;
    /** This process's metrics (lib/metrics.ts). */
    metrics: Metrics;
  }
}
