import { z } from 'zod';
import { resolve } from 'node:path';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting, parsed once; defaults run the embedded demo (README: Configuration). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  // An empty value means unset (DATABASE_URL= in a shell or .env).
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(4),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_BUILD_DIR: z.string().default(resolve(import.meta.dirname, '../../web/build')),
  STORE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
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
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(10000),
  OTP_PEPPER: z.string().min(16).default('gemstore-dev-otp-pepper-change-me'),
  // Rate limits: token buckets of N that refill at N per window, kept in the database so every replica shares them.
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(3600),
  OTP_LIMIT_PER_RECIPIENT: z.coerce.number().int().min(1).default(6),
  OTP_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  OTP_LIMIT_PER_STORE: z.coerce.number().int().min(1).default(1000),
  SMS_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(10000),
  AUTH_LIMIT_PER_IP: z.coerce.number().int().min(1).default(300),
  AUTH_FAILURE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
  TOKEN_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  PASSWORD_RESET_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  // Checkout and payment (README: Checkout, payment, returns and enquiries).
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z.string().url().default('https://api.razorpay.com'),
  RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(10000),
  SANDBOX_PAYMENT_SECRET: z.string().min(16).default('gemstore-dev-sandbox-secret-change-me'),
  SANDBOX_PAYMENTS: bool.optional(),
  PAY_LINK_SECRET: z.string().min(16).default('gemstore-dev-pay-link-secret-change-me'),
  RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  ENQUIRY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(5),
}).superRefine((e, ctx) => {
  if (e.EMAIL_SENDER === 'smtp' && !e.SMTP_HOST) ctx.addIssue({ code: 'custom', path: ['SMTP_HOST'], message: 'is required when EMAIL_SENDER=smtp' });
  if (e.SMS_SENDER === 'msg91' && !e.SMS_API_KEY) ctx.addIssue({ code: 'custom', path: ['SMS_API_KEY'], message: 'is required when SMS_SENDER=msg91' });
  // The guard all stores share must never be what stops one store: its own cap comes first.
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
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  webBuildDir: string;
  storeCacheSeconds: number;
  messaging: MessagingConfig;
  auth: AuthConfig;
  checkout: CheckoutConfig;
}

export interface CheckoutConfig {
  razorpay: { keyId?: string; keySecret?: string; webhookSecret?: string; apiUrl: string; timeoutMs: number };
  sandboxSecret: string;
  /** Whether the built-in pretend provider may take payments (never in production unless forced). */
  sandboxEnabled: boolean;
  /** Signs the short-lived pass that opens an order's payment page. */
  payLinkSecret: string;
  /** How often each process frees the stones of lapsed unpaid orders; 0 = never (tests call it). */
  reservationSweepSeconds: number;
  /** Enquiries per IP and store in each rate-limit window. */
  enquiryLimitPerIp: number;
}

export interface MessagingConfig {
  emailSender: 'outbox' | 'smtp';
  smsSender: 'outbox' | 'msg91';
  smtp: { host?: string; port: number; secure: boolean; user?: string; pass?: string; from: string };
  sms: { apiUrl: string; apiKey?: string; senderId: string; templateId: string; voiceTemplateId: string; timeoutMs: number };
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
  passwordResetMinutes: number;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
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
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webBuildDir: resolve(e.WEB_BUILD_DIR),
    storeCacheSeconds: e.STORE_CACHE_SECONDS,
    messaging: {
      emailSender: e.EMAIL_SENDER,
      smsSender: e.SMS_SENDER,
      smtp: { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, pass: e.SMTP_PASS, from: e.SMTP_FROM },
      sms: {
        apiUrl: e.SMS_API_URL.replace(/\/+$/, ''), apiKey: e.SMS_API_KEY, senderId: e.SMS_SENDER_ID,
        templateId: e.SMS_TEMPLATE_ID, voiceTemplateId: e.SMS_VOICE_TEMPLATE_ID, timeoutMs: e.SMS_TIMEOUT_MS,
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
      passwordResetMinutes: e.PASSWORD_RESET_MINUTES,
    },
    checkout: {
      razorpay: {
        keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
        apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ''), timeoutMs: e.RAZORPAY_TIMEOUT_MS,
      },
      sandboxSecret: e.SANDBOX_PAYMENT_SECRET,
      sandboxEnabled: e.SANDBOX_PAYMENTS ?? e.NODE_ENV !== 'production',
      payLinkSecret: e.PAY_LINK_SECRET,
      reservationSweepSeconds: e.RESERVATION_SWEEP_SECONDS,
      enquiryLimitPerIp: e.ENQUIRY_LIMIT_PER_IP,
    },
  };
}
