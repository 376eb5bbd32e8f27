import { z } from 'zod';
import { resolve } from 'node:path';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Secrets that have a built-in value so the demo runs without set-up. Anyone can read these values,
 * so production refuses to start with any of them (docs/architecture.md, "Security").
 */
export const DEVELOPMENT_SECRETS = {
  OTP_PEPPER: 'gemstore-dev-otp-pepper-change-me',
  SANDBOX_PAYMENT_SECRET: 'gemstore-dev-sandbox-secret-change-me',
  PAY_LINK_SECRET: 'gemstore-dev-pay-link-secret-change-me',
  PRIVATE_MEDIA_SECRET: 'gemstore-dev-private-media-secret-change-me',
} as const;
const developmentSecretValues: readonly string[] = Object.values(DEVELOPMENT_SECRETS);

/** Named ranges proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;
const ProxyEntry = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(PROXY_RANGE_NAMES)]);

/** Every setting, parsed once; defaults run the embedded demo (README: Configuration). */
const EnvSchema = z.object({
  // Unset means production: development-only routes and built-in secrets need an explicit development or test mode.
  NODE_ENV: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['development', 'production', 'test']).default('production')),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  // An empty value means unset (DATABASE_URL= in a shell or .env).
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(4),
  // A streaming standby of DATABASE_URL for public catalogue and content reads (docs/decisions/0042).
  DATABASE_READ_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  READ_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: one readable line per request in development, JSON lines otherwise (log collectors, tests).
  LOG_FORMAT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['pretty', 'json']).optional()),
  // Two folders up from this file's folder: apps/server/src when run from the sources, apps/server/dist from the bundle.
  WEB_BUILD_DIR: z.string().default(resolve(import.meta.dirname, '../../web/build')),
  ADMIN_BUILD_DIR: z.string().default(resolve(import.meta.dirname, '../../admin/build')),
  STORE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  // How long a shared cache (a CDN) may serve a public page before asking again (browsers always ask).
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86400).default(60),
  // How a store's own address is written in canonical links, the sitemap and structured data.
  SITE_URL_SCHEME: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['https', 'http']).optional()),
  SITE_URL_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50000).default(50000),
  // Peers whose X-Forwarded-For, -Proto and -Host are believed; from anyone else they are ignored.
  TRUSTED_PROXIES: z.string().default('').transform((v) => v.split(',').map((p) => p.trim()).filter(Boolean)),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  // After SIGTERM, how long the process goes on serving, its readiness check failing, so the balancer takes it out first.
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(300).default(0),
  // Messages (one-time codes). `outbox` stores them only; the dev outbox shows them outside production.
  EMAIL_SENDER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMS_SENDER: z.enum(['outbox', 'msg91']).default('outbox'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().email().default('no-reply@gemstore.test'),
  SMS_API_URL: z.string().url().default('https://control.msg91.com/api/v5'),
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER_ID: z.string().max(11).default('GEMSTR'),
  SMS_TEMPLATE_ID: z.string().default(''),
  SMS_VOICE_TEMPLATE_ID: z.string().default(''),
  SMS_ORDER_TEMPLATE_ID: z.string().default(''),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(10000),
  OTP_PEPPER: z.string().min(16).default(DEVELOPMENT_SECRETS.OTP_PEPPER),
  // Rate limits: token buckets of N that refill at N per window, kept in the database so every replica shares them.
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(3600),
  OTP_LIMIT_PER_RECIPIENT: z.coerce.number().int().min(1).default(6),
  OTP_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  OTP_LIMIT_PER_STORE: z.coerce.number().int().min(1).default(1000),
  SMS_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(10000),
  AUTH_LIMIT_PER_IP: z.coerce.number().int().min(1).default(300),
  AUTH_FAILURE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
  TOKEN_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  STAFF_SESSION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  PASSWORD_RESET_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  // Checkout and payment (README: Checkout, payment, returns and enquiries).
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z.string().url().default('https://api.razorpay.com'),
  RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(10000),
  SANDBOX_PAYMENT_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.SANDBOX_PAYMENT_SECRET),
  SANDBOX_PAYMENTS: bool.optional(),
  PAY_LINK_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.PAY_LINK_SECRET),
  RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  RECONCILE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  RECONCILE_REFUND_GIVE_UP_MINUTES: z.coerce.number().int().min(5).max(7 * 1440).default(30),
  RECONCILE_ORDER_HOURS: z.coerce.number().int().min(1).max(30 * 24).default(48),
  ENQUIRY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(5),
  DISCOUNT_GUESSES_PER_CUSTOMER: z.coerce.number().int().min(1).default(10),
  IMPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(5000).default(1000),
  IMPORT_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // Background jobs (lib/jobs.ts): how often a process looks for due ones, and how a message whose provider failed is tried again.
  JOBS_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(2),
  MESSAGE_RETRY_LIMIT: z.coerce.number().int().min(0).max(30).default(10),
  MESSAGE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  // Processes per server (main.ts, node:cluster) and their metrics (lib/metrics.ts): never on the public port without a token.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(1),
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  // Return photos are private: served only through signed links that expire (README: Checkout, payment, returns and enquiries).
  PRIVATE_MEDIA_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.PRIVATE_MEDIA_SECRET),
  PRIVATE_MEDIA_URL_SECONDS: z.coerce.number().int().min(60).max(7 * 86400).default(3600),
  // Where stored files live: DATA_DIR (unset or `local`) or an S3-compatible bucket (README: Media in an object store).
  MEDIA_STORE: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(
    /^(local|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[^?#]*)?)$/, 'must be `local` or s3://bucket[/prefix]',
  ).optional()),
  MEDIA_S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  MEDIA_S3_SECRET_ACCESS_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  MEDIA_S3_FORCE_PATH_STYLE: bool.default(false),
  MEDIA_S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // A public base (a CDN) that serves the public media: pages and answers point at it instead of /media/.
  MEDIA_PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
}).superRefine((e, ctx) => {
  if (e.EMAIL_SENDER === 'smtp' && !e.SMTP_HOST) ctx.addIssue({ code: 'custom', path: ['SMTP_HOST'], message: 'is required when EMAIL_SENDER=smtp' });
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['WEB_CONCURRENCY'], message: 'needs DATABASE_URL: the embedded database (PGlite) belongs to one process; run PostgreSQL for several workers' });
  }
  if (e.WEB_CONCURRENCY > 1 && e.METRICS_TOKEN && e.METRICS_PORT === undefined) {
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must be set with WEB_CONCURRENCY above 1: one scrape of METRICS_PORT answers for every worker, a scrape of the public port would reach one' });
  }
  if (e.SMS_SENDER === 'msg91' && !e.SMS_API_KEY) ctx.addIssue({ code: 'custom', path: ['SMS_API_KEY'], message: 'is required when SMS_SENDER=msg91' });
  for (const entry of e.TRUSTED_PROXIES) {
    if (!ProxyEntry.safeParse(entry).success) {
      ctx.addIssue({ code: 'custom', path: ['TRUSTED_PROXIES'], message: `'${entry}' is not an IP address, a CIDR range (10.0.0.0/8) or one of ${PROXY_RANGE_NAMES.join(', ')}` });
    }
  }
  if (e.NODE_ENV === 'production') {
    for (const name of Object.keys(DEVELOPMENT_SECRETS) as (keyof typeof DEVELOPMENT_SECRETS)[]) {
      if (developmentSecretValues.includes(e[name])) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'must be set to a secret of your own in production (at least 16 random characters, e.g. from `openssl rand -hex 32`); the built-in value is public' });
      }
    }
    if (e.SANDBOX_PAYMENTS) {
      ctx.addIssue({ code: 'custom', path: ['SANDBOX_PAYMENTS'], message: 'cannot be on in production: the sandbox accepts pretend payments (run a demo with NODE_ENV=development)' });
    }
  }
  if (!e.MEDIA_S3_ACCESS_KEY_ID !== !e.MEDIA_S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({ code: 'custom', path: [e.MEDIA_S3_ACCESS_KEY_ID ? 'MEDIA_S3_SECRET_ACCESS_KEY' : 'MEDIA_S3_ACCESS_KEY_ID'], message: 'is required with the other key (or leave both unset to use the SDK\'s own credentials)' });
  }
  // The guard all stores share must never be what stops one store: its own cap comes first.
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_READ_URL'], message: 'needs DATABASE_URL: a read replica is a standby of a PostgreSQL primary, not of the embedded database' });
  }
  if (e.SMS_LIMIT_GLOBAL < e.OTP_LIMIT_PER_STORE) ctx.addIssue({ code: 'custom', path: ['SMS_LIMIT_GLOBAL'], message: 'must be at least OTP_LIMIT_PER_STORE' });
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl?: string;
  dbPoolSize: number;
  /** A streaming standby for public reads (lib/read-replica.ts). */
  readReplica: ReadReplicaConfig;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** `pretty`: one coloured line per request (development); `json`: one JSON object per line. */
  logFormat: 'pretty' | 'json';
  webBuildDir: string;
  /** The back office's build (apps/admin/build), served at /admin. */
  adminBuildDir: string;
  storeCacheSeconds: number;
  /** s-maxage of public pages (0: shared caches ask every time, with If-None-Match). */
  pageCacheSeconds: number;
  site: SiteConfig;
  /** Addresses and ranges of the reverse proxies whose forwarded headers are trusted (empty: none). */
  trustedProxies: string[];
  /** How long SIGTERM waits for requests in progress and open connections (main.ts). */
  shutdownTimeoutSeconds: number;
  /** How long after SIGTERM the process keeps accepting connections while its readiness check fails (main.ts). */
  shutdownDelaySeconds: number;
  messaging: MessagingConfig;
  auth: AuthConfig;
  checkout: CheckoutConfig;
  privateMedia: PrivateMediaConfig;
  imports: ImportsConfig;
  media: MediaConfig;
  jobs: JobsConfig;
  /** Worker processes of one server (node:cluster); 1 runs the server in this process. */
  webConcurrency: number;
  metrics: MetricsConfig;
}

/**
 * Where the metrics are served: on a port of their own (METRICS_PORT, on METRICS_HOST), or, with
 * only METRICS_TOKEN, at /metrics on the public port for a bearer of the token; neither: nowhere.
 */
export interface MetricsConfig {
  port?: number;
  host: string;
  token?: string;
}

/** Background jobs (lib/jobs.ts, plugins/jobs.ts). */
export interface JobsConfig {
  /** How often this process looks for due jobs; 0 = never by itself (tests call app.jobs.runDue()). */
  pollSeconds: number;
  /** Tries after the first of a message whose provider refused it or was out of reach. */
  messageRetryLimit: number;
  /** Seconds before a message's first retry; each later one waits about twice as long. */
  messageRetryDelaySeconds: number;
}

/** Where stored files live and where browsers fetch the public ones (lib/media-store.ts). */
export interface MediaConfig {
  /** Unset: files live under DATA_DIR (DATA_DIR/media public, DATA_DIR/private private). */
  s3?: S3MediaConfig;
  /** What a public file's /media/ path becomes in pages and answers: `/media/` or MEDIA_PUBLIC_URL with a slash. */
  publicBase: string;
}

export interface S3MediaConfig {
  bucket: string;
  /** Key prefix inside the bucket, empty or ending in a slash. */
  prefix: string;
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Time limit of one call to the store, retries included. */
  timeoutMs: number;
}

export interface ReadReplicaConfig {
  /** Unset: every read goes to the primary. */
  url?: string;
  /** Past this lag (or while it does not answer) every read goes to the primary. */
  maxLagSeconds: number;
}

/** The CSV import's job runner (plugins/imports.ts, flows/imports.ts). */
export interface ImportsConfig {
  /** Rows per batch: each batch is one transaction, after which the job's progress is saved. */
  batchRows: number;
  /** A running job whose runner has not saved progress for this long is taken over by another (looked for once per this period). */
  staleSeconds: number;
}

/** How a store's own address (its primary domain) becomes a URL: canonical links, sitemap, structured data. */
export interface SiteConfig {
  scheme: 'https' | 'http';
  /** Written after the domain; none for the scheme's usual port. */
  port?: number;
  /** URLs per sitemap file before the sitemap becomes an index of files (at most 50,000, the protocol's limit). */
  sitemapUrlsPerFile: number;
}

/** Uploads only their owner and the store's staff may see (return photos), kept outside the public media folder. */
export interface PrivateMediaConfig {
  dir: string;
  /** Key of the HMAC that signs each photo link (store, photo, expiry). */
  secret: string;
  /** How long a signed link works; its answer is cached privately for at most the time it has left. */
  urlSeconds: number;
}

export interface CheckoutConfig {
  razorpay: { keyId?: string; keySecret?: string; webhookSecret?: string; apiUrl: string; timeoutMs: number };
  sandboxSecret: string;
  /** Whether the built-in pretend provider may take payments (never in production). */
  sandboxEnabled: boolean;
  /** Signs the short-lived pass that opens an order's payment page. */
  payLinkSecret: string;
  /** How often the stones of lapsed unpaid orders are freed (one job per period for all processes); 0 = never (tests call it). */
  reservationSweepSeconds: number;
  /** The reconciliation job (plugins/reconciliation.ts, flows/reconciliation.ts). */
  reconcile: ReconcileConfig;
  /** Enquiries per IP and store in each rate-limit window. */
  enquiryLimitPerIp: number;
  /** Codes a shop does not have that one customer may try in each rate-limit window (guessing codes). */
  discountGuessesPerCustomer: number;
}

/** Asking the payment provider about refunds and payments whose answer, callback and webhook were lost. */
export interface ReconcileConfig {
  /** How often the job runs (once per period for all processes); 0 = never (tests run it themselves). */
  seconds: number;
  /** A refund sent without an answer that the provider still has no record of after this long was never made: it fails. */
  refundGiveUpMinutes: number;
  /** How long after its reservation ended an unpaid order's provider order is still asked about. */
  orderHours: number;
}

export interface MessagingConfig {
  emailSender: 'outbox' | 'smtp';
  smsSender: 'outbox' | 'msg91';
  smtp: { host?: string; port: number; secure: boolean; user?: string; pass?: string; from: string };
  sms: { apiUrl: string; apiKey?: string; senderId: string; templateId: string; voiceTemplateId: string; orderTemplateId: string; timeoutMs: number };
}

export interface AuthConfig {
  otpPepper: string;
  rateLimitWindowSeconds: number;
  /** Code sends per email or phone, per IP, per store, and SMS + voice sends over all stores, in each window. */
  otpLimitPerRecipient: number;
  otpLimitPerIp: number;
  otpLimitPerStore: number;
  smsLimitGlobal: number;
  /** Identifier look-ups, password and code checks per IP in each window. */
  authLimitPerIp: number;
  /** Wrong passwords and codes per account in each window (ASVS: at most 100 an hour; a bucket of 50 lets at most 99 through in any hour). */
  failureLimitPerAccount: number;
  tokenIdleDays: number;
  /** A back-office sign-in ends this many days after it began, however often it is used. */
  staffSessionDays: number;
  passwordResetMinutes: number;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    if (!source.NODE_ENV) lines.push('NODE_ENV is not set, so these are production settings; `npm start` (or NODE_ENV=development) runs the demo.');
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: resolve(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    readReplica: { url: e.DATABASE_READ_URL, maxLagSeconds: e.READ_REPLICA_MAX_LAG_SECONDS },
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    webBuildDir: resolve(e.WEB_BUILD_DIR),
    adminBuildDir: resolve(e.ADMIN_BUILD_DIR),
    storeCacheSeconds: e.STORE_CACHE_SECONDS,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    // Production serves shops over HTTPS on the usual port; the demo and tests on http://<domain>:PORT.
    site: {
      scheme: e.SITE_URL_SCHEME ?? (e.NODE_ENV === 'production' ? 'https' : 'http'),
      port: e.SITE_URL_PORT ?? (e.NODE_ENV === 'production' ? undefined : e.PORT),
      sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    },
    trustedProxies: e.TRUSTED_PROXIES,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    messaging: {
      emailSender: e.EMAIL_SENDER,
      smsSender: e.SMS_SENDER,
      smtp: { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, pass: e.SMTP_PASS, from: e.SMTP_FROM },
      sms: {
        apiUrl: e.SMS_API_URL.replace(/\/+$/, ''), apiKey: e.SMS_API_KEY, senderId: e.SMS_SENDER_ID,
        templateId: e.SMS_TEMPLATE_ID, voiceTemplateId: e.SMS_VOICE_TEMPLATE_ID, orderTemplateId: e.SMS_ORDER_TEMPLATE_ID, timeoutMs: e.SMS_TIMEOUT_MS,
      },
    },
    auth: {
      otpPepper: e.OTP_PEPPER,
      rateLimitWindowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      otpLimitPerRecipient: e.OTP_LIMIT_PER_RECIPIENT,
      otpLimitPerIp: e.OTP_LIMIT_PER_IP,
      otpLimitPerStore: e.OTP_LIMIT_PER_STORE,
      smsLimitGlobal: e.SMS_LIMIT_GLOBAL,
      authLimitPerIp: e.AUTH_LIMIT_PER_IP,
      failureLimitPerAccount: e.AUTH_FAILURE_LIMIT_PER_ACCOUNT,
      tokenIdleDays: e.TOKEN_IDLE_DAYS,
      staffSessionDays: e.STAFF_SESSION_DAYS,
      passwordResetMinutes: e.PASSWORD_RESET_MINUTES,
    },
    checkout: {
      razorpay: {
        keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
        apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ''), timeoutMs: e.RAZORPAY_TIMEOUT_MS,
      },
      sandboxSecret: e.SANDBOX_PAYMENT_SECRET,
      sandboxEnabled: e.NODE_ENV !== 'production' && (e.SANDBOX_PAYMENTS ?? true),
      payLinkSecret: e.PAY_LINK_SECRET,
      reservationSweepSeconds: e.RESERVATION_SWEEP_SECONDS,
      reconcile: { seconds: e.RECONCILE_SECONDS, refundGiveUpMinutes: e.RECONCILE_REFUND_GIVE_UP_MINUTES, orderHours: e.RECONCILE_ORDER_HOURS },
      enquiryLimitPerIp: e.ENQUIRY_LIMIT_PER_IP,
      discountGuessesPerCustomer: e.DISCOUNT_GUESSES_PER_CUSTOMER,
    },
    webConcurrency: e.WEB_CONCURRENCY,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    jobs: { pollSeconds: e.JOBS_POLL_SECONDS, messageRetryLimit: e.MESSAGE_RETRY_LIMIT, messageRetryDelaySeconds: e.MESSAGE_RETRY_DELAY_SECONDS },
    imports: { batchRows: e.IMPORT_BATCH_ROWS, staleSeconds: e.IMPORT_STALE_SECONDS },
    media: { s3: s3MediaConfig(e), publicBase: e.MEDIA_PUBLIC_URL ? `${e.MEDIA_PUBLIC_URL.replace(/\/+$/, '')}/` : '/media/' },
    privateMedia: { dir: resolve(dataDir, 'private'), secret: e.PRIVATE_MEDIA_SECRET, urlSeconds: e.PRIVATE_MEDIA_URL_SECONDS },
  };
}

function s3MediaConfig(e: Env): S3MediaConfig | undefined {
  const m = e.MEDIA_STORE && /^s3:\/\/([^/]+)\/?(.*)$/.exec(e.MEDIA_STORE);
  if (!m) return undefined;
  const prefix = m[2]!.replace(/^\/+|\/+$/g, '');
  return {
    bucket: m[1]!,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: e.MEDIA_S3_ENDPOINT,
    region: e.MEDIA_S3_REGION,
    credentials: e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY
      ? { accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
    timeoutMs: e.MEDIA_S3_TIMEOUT_MS,
  };
}
