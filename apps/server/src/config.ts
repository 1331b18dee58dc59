import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  BILLING_INTERVALS,
  type BillingInterval,
  DEFAULT_AFFILIATE_COMMISSION_PERCENT,
  FREE_PLAN,
  PLANS,
  type Plan,
} from '@eh/domain';
import { z } from 'zod';
import serverPackage from '../package.json' with { type: 'json' };

export const SERVER_VERSION: string = serverPackage.version;

const ROLE_NAMES = ['api', 'sync', 'idp', 'worker'] as const;
export const RoleName = z.enum(ROLE_NAMES);
export type RoleName = z.infer<typeof RoleName>;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const list = z.string().transform((s) =>
  s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean),
);

/** Every environment variable the server reads, with its default (README "Configuration" mirrors this). */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Unset follows PORT: `http://localhost:<PORT>` (see {@link loadConfig}). */
  PUBLIC_URL: z.url().optional(),
  APP_NAME: z.string().min(1).default('EarningsHub'),
  ROLES: list.pipe(z.array(RoleName).min(1)).default([...ROLE_NAMES]),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /**
   * Put before every bus channel's name on Redis: deployments (or test runs) sharing one Redis keep their messages
   * apart, since an event id or a user id means something else in another database.
   */
  BUS_NAMESPACE: z.string().max(100).default(''),
  /** Unset: JSON lines at info with DATABASE_URL; in embedded mode, warnings and errors in words (http/console-log.ts). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  CORS_ORIGINS: list.pipe(z.array(z.union([z.url(), z.literal('*')]))).default([]),
  /** API calls per signed-in user (per address without one) per window; pages and files are not counted. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
  RATE_LIMIT_NAMESPACE: z.string().min(1).default('eh-rate-limit-'),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  SEED_DEMO: bool.default(true),
  TRUST_PROXY: bool.default(false),
  /** SPEC §5: region, underscore, id; at most 55 characters. */
  IDP_USER_POOL_ID: z
    .string()
    .max(55)
    .regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must be <region>_<id>, e.g. us-east-1_EarnHub01')
    .default('us-east-1_EarnHub01'),
  IDP_CLIENT_ID: z.string().min(1).max(128).default('earningshub-web'),
  IDP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Identity calls per client IP per minute: password guessing is throttled well before the general limit. */
  IDP_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(120),
  IDP_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(300).max(86_400).default(3600),
  IDP_REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Cognito's pool MFA setting: ON makes every user set up a second factor (the MFA_SETUP challenge). */
  IDP_MFA_CONFIGURATION: z.enum(['OFF', 'OPTIONAL', 'ON']).default('OPTIONAL'),
  /** Hosted UI: where sign-in may return to; unset is the product home and its /signin page (PUBLIC_URL). */
  IDP_OAUTH_REDIRECT_URIS: list.pipe(z.array(z.url())).optional(),
  /** Hosted UI: where sign-out may return to; unset is the product home (PUBLIC_URL). */
  IDP_OAUTH_LOGOUT_URIS: list.pipe(z.array(z.url())).optional(),
  /** Google federation; unavailable unless the client id and secret are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  /** Sign in with Apple; needs the client (services) id and either a ready client secret or the key to sign one. */
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  /** Outgoing mail (smtp:// or smtps://, credentials in the URL); unset keeps every message in the local mailbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of every email; unset is `APP_NAME <no-reply@host of PUBLIC_URL>`. */
  MAIL_FROM: z.string().min(3).optional(),
  ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** SEC EDGAR asks every client to declare itself: company name and a contact e-mail. Needed for live SEC calls. */
  SEC_USER_AGENT: z
    .string()
    .regex(/\S+@\S+\.\S+/, 'must name the company and a contact e-mail, e.g. "EarningsHub admin@example.com"')
    .optional(),
  /** SEC's fair-access limit is 10 requests per second. */
  SEC_REQUESTS_PER_SECOND: z.coerce.number().positive().max(10).default(10),
  /** User-Agent of the other vendors' calls; unset is `APP_NAME/version (+PUBLIC_URL)`. */
  PROVIDER_USER_AGENT: z.string().min(1).optional(),
  /** A vendor request taking longer is abandoned (and retried per SPEC §9). */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  NASDAQTRADER_REQUESTS_PER_SECOND: z.coerce.number().positive().max(10).default(1),
  /** CoinGecko key (optional): a demo key raises the public limits, a pro key switches to the pro API. */
  COINGECKO_API_KEY: z.string().min(1).optional(),
  COINGECKO_API_PLAN: z.enum(['demo', 'pro']).default('demo'),
  COINGECKO_REQUESTS_PER_SECOND: z.coerce.number().positive().max(50).default(0.5),
  YAHOO_REQUESTS_PER_SECOND: z.coerce.number().positive().max(10).default(2),
  /** Real providers whose scheduled refreshes the worker runs (the demo market rolls forward whenever SEED_DEMO). */
  INGEST_PROVIDERS: list.default([]),
  /**
   * Web push: the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints) and the contact
   * the push services may write to. Embedded mode generates a pair into DATA_DIR; elsewhere web push is off without
   * them. The subject defaults to mailto:no-reply@<host of PUBLIC_URL>.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be the base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  /**
   * Native push on Android (FCM HTTP v1): the Google service account, as its JSON text or the path of its JSON
   * file; FCM_PROJECT_ID defaults to the account's project_id.
   */
  FCM_SERVICE_ACCOUNT: z.string().min(1).transform(readServiceAccount).optional(),
  FCM_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id')
    .optional(),
  FCM_BASE_URL: z.url().default('https://fcm.googleapis.com'),
  /** Native push on iOS (APNs, token auth): the .p8 key's id and contents, the team, and the app's bundle id. */
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key id')
    .optional(),
  APNS_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character team id')
    .optional(),
  APNS_PRIVATE_KEY: z
    .string()
    .transform((v) => v.replaceAll('\\n', '\n'))
    .pipe(z.string().includes('PRIVATE KEY', { message: 'must be the PEM (.p8) private key' }))
    .optional(),
  APNS_TOPIC: z.string().min(1).optional(),
  /** Production by default; https://api.sandbox.push.apple.com for development builds. */
  APNS_HOST: z.url().default('https://api.push.apple.com'),
  /** SMS (Twilio). Without it every SMS stays in the outbox (the local mailbox in embedded mode). */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be the account SID (AC followed by 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be the account auth token').optional(),
  /** An E.164 sender number or a messaging service SID (MG…). */
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, 'must be an E.164 number (+15551234567) or a messaging service SID')
    .optional(),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  /**
   * Billing: `test` charges nothing and works offline; `stripe` needs the three keys; `off` sells nothing.
   * Unset: `test` on the embedded database, `off` with DATABASE_URL, so a deployment never sells plans for test cards.
   */
  BILLING_PROVIDER: z.enum(['test', 'stripe', 'off']).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  /** Where the Stripe SDK sends its calls; only tests point it elsewhere (a local stand-in). */
  STRIPE_API_BASE: z.url().optional(),
  /** Affiliate program (decision 0028): the whole percent of each referred payment an affiliate earns. */
  AFFILIATE_COMMISSION_PERCENT: z.coerce.number().int().min(0).max(100).default(DEFAULT_AFFILIATE_COMMISSION_PERCENT),
  /**
   * App Store Server Notifications V2 (decision 0022): Apple's root certificates the signed payloads must
   * chain to (paths of DER or PEM files, comma-separated: AppleRootCA-G3.cer from apple.com/certificateauthority),
   * the app's bundle id, its Apple id (required for Production), the environments accepted, and which product id
   * sells which plan and interval. Unset: the notifications route answers 503.
   */
  APPLE_ROOT_CERTS: list.pipe(z.array(z.string()).min(1)).transform(readCertificates).optional(),
  APPLE_BUNDLE_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, "must be the app's bundle id, e.g. com.example.earningshub")
    .optional(),
  APPLE_APP_APPLE_ID: z.coerce.number().int().positive("must be the app's Apple id (a number)").optional(),
  /** Sandbox is what TestFlight and App Review buy in; Xcode and LocalTesting (unsigned data) are never accepted. */
  APPLE_ENVIRONMENT: list.pipe(z.array(z.enum(['Production', 'Sandbox'])).min(1)).default(['Production']),
  /** `productId=plan:interval`, comma-separated: `com.example.pro.monthly=earningshub_pro:monthly`. */
  APPLE_PRODUCT_IDS: list.transform(readProductIds).optional(),
  /**
   * The native apps' links (docs/native.md, http/app-links.ts): the iOS apps allowed to open this host's pages
   * (`<Team ID>.<bundle id>`, comma-separated) in /.well-known/apple-app-site-association, and the Android app's
   * package with the SHA-256 fingerprints of the certificates that sign it (Play App Signing's, the upload key's) in
   * /.well-known/assetlinks.json. Unset: that file is a 404 and links open in the browser.
   */
  APP_LINKS_IOS_APP_IDS: list
    .pipe(z.array(z.string().regex(/^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/, 'must be <Team ID>.<bundle id>')).min(1))
    .optional(),
  APP_LINKS_ANDROID_PACKAGE: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, "must be the app's package name, e.g. com.example.app")
    .default('com.earningshub.app'),
  APP_LINKS_ANDROID_SHA256: list
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              /^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/,
              'must be SHA-256 fingerprints, 32 hex pairs joined by colons',
            )
            .transform((fingerprint) => fingerprint.toUpperCase()),
        )
        .min(1),
    )
    .optional(),
  /**
   * AI summaries of transcripts (decision 0024): `extractive` is the embedded summariser (offline,
   * deterministic); `openai` is any OpenAI-compatible Chat Completions endpoint: AI_BASE_URL (up to the `/v1`, e.g.
   * https://api.openai.com/v1 or a local server's), AI_MODEL, and AI_API_KEY when it asks for one. A call that fails
   * or answers without usable citations falls back to the extractive summary.
   */
  AI_PROVIDER: z.enum(['extractive', 'openai']).default('extractive'),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
});
/** A Google service account key: what FCM's OAuth exchange needs of it. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri: string;
}

/** FCM_SERVICE_ACCOUNT: the JSON itself, or the path of the file holding it. */
function readServiceAccount(value: string, zctx: z.RefinementCtx): ServiceAccount {
  let text = value.trim();
  if (!text.startsWith('{')) {
    if (!existsSync(text)) {
      zctx.addIssue({ code: 'custom', message: 'must be the service account JSON or the path of its file' });
      return z.NEVER;
    }
    text = readFileSync(text, 'utf8');
  }
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    zctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
    return z.NEVER;
  }
  const field = (name: string) => (typeof json[name] === 'string' && json[name] ? (json[name] as string) : undefined);
  const missing = ['project_id', 'client_email', 'private_key'].filter((name) => !field(name));
  if (missing.length) {
    zctx.addIssue({ code: 'custom', message: `the service account has no ${missing.join(', ')}` });
    return z.NEVER;
  }
  return {
    project_id: field('project_id') as string,
    client_email: field('client_email') as string,
    private_key: field('private_key') as string,
    private_key_id: field('private_key_id'),
    token_uri: field('token_uri') ?? 'https://oauth2.googleapis.com/token',
  };
}

/** APPLE_ROOT_CERTS: each file read as PEM (every certificate in it) or DER; a file that holds none stops the start. */
function readCertificates(paths: string[], zctx: z.RefinementCtx): Buffer[] {
  const certificates: Buffer[] = [];
  for (const path of paths) {
    if (!existsSync(path)) {
      zctx.addIssue({ code: 'custom', message: `${path} does not exist` });
      return z.NEVER;
    }
    const bytes = readFileSync(path);
    const text = bytes.toString('latin1');
    const blocks = [...text.matchAll(/-----BEGIN CERTIFICATE-----([^-]+)-----END CERTIFICATE-----/g)].map((m) =>
      Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64'),
    );
    for (const der of blocks.length ? blocks : [bytes]) {
      try {
        new X509Certificate(der);
      } catch {
        zctx.addIssue({ code: 'custom', message: `${path} is not a DER or PEM certificate` });
        return z.NEVER;
      }
      certificates.push(der);
    }
  }
  return certificates;
}

export interface AppleProduct {
  plan: Plan;
  interval: BillingInterval;
}

/** APPLE_PRODUCT_IDS: `productId=plan:interval` pairs; the plan is a paid one, the interval monthly or yearly. */
function readProductIds(pairs: string[], zctx: z.RefinementCtx): Record<string, AppleProduct> {
  const products: Record<string, AppleProduct> = {};
  for (const pair of pairs) {
    const match = /^([A-Za-z0-9._-]+)=([a-z_]+):([a-z]+)$/.exec(pair);
    const plan = PLANS.find((name) => name !== FREE_PLAN && name === match?.[2]);
    const interval = BILLING_INTERVALS.find((name) => name === match?.[3]);
    if (!match?.[1] || !plan || !interval) {
      zctx.addIssue({
        code: 'custom',
        message: `"${pair}" must be productId=plan:interval with a paid plan (${PLANS.filter((p) => p !== FREE_PLAN).join(', ')}) and monthly or yearly`,
      });
      return z.NEVER;
    }
    products[match[1]] = { plan, interval };
  }
  return products;
}

/** Variables that only make sense together: a half-configured provider stops the start rather than failing later. */
function incompleteProviders(data: z.infer<typeof ConfigSchema>): string[] {
  const groups: [string, Record<string, unknown>][] = [
    ['web push', { VAPID_PUBLIC_KEY: data.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: data.VAPID_PRIVATE_KEY }],
    [
      'APNs',
      {
        APNS_KEY_ID: data.APNS_KEY_ID,
        APNS_TEAM_ID: data.APNS_TEAM_ID,
        APNS_PRIVATE_KEY: data.APNS_PRIVATE_KEY,
        APNS_TOPIC: data.APNS_TOPIC,
      },
    ],
    [
      'Twilio',
      {
        TWILIO_ACCOUNT_SID: data.TWILIO_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: data.TWILIO_AUTH_TOKEN,
        TWILIO_FROM: data.TWILIO_FROM,
      },
    ],
  ];
  const problems = groups.flatMap(([name, vars]) => {
    const set = Object.keys(vars).filter((key) => vars[key] !== undefined);
    const unset = Object.keys(vars).filter((key) => vars[key] === undefined);
    return set.length && unset.length ? [`  ${unset.join(', ')}: required for ${name} with ${set.join(', ')}`] : [];
  });
  if (data.BILLING_PROVIDER === 'stripe') {
    const keys = {
      STRIPE_SECRET_KEY: data.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: data.STRIPE_WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: data.STRIPE_PUBLISHABLE_KEY,
    };
    const missing = Object.entries(keys).flatMap(([key, value]) => (value === undefined ? [key] : []));
    if (missing.length) problems.push(`  ${missing.join(', ')}: required with BILLING_PROVIDER=stripe`);
  }
  const apple = {
    APPLE_ROOT_CERTS: data.APPLE_ROOT_CERTS,
    APPLE_BUNDLE_ID: data.APPLE_BUNDLE_ID,
    APPLE_PRODUCT_IDS: data.APPLE_PRODUCT_IDS,
  };
  const appleSet = Object.keys(apple).filter((key) => apple[key as keyof typeof apple] !== undefined);
  if (appleSet.length) {
    const unset = Object.keys(apple).filter((key) => apple[key as keyof typeof apple] === undefined);
    if (unset.length)
      problems.push(`  ${unset.join(', ')}: required for App Store notifications with ${appleSet.join(', ')}`);
    if (data.APPLE_ENVIRONMENT.includes('Production') && data.APPLE_APP_APPLE_ID === undefined)
      problems.push('  APPLE_APP_APPLE_ID: required for App Store notifications in Production (APPLE_ENVIRONMENT)');
  }
  if (data.AI_PROVIDER === 'openai') {
    const missing = Object.entries({ AI_BASE_URL: data.AI_BASE_URL, AI_MODEL: data.AI_MODEL }).flatMap(
      ([key, value]) => (value === undefined ? [key] : []),
    );
    if (missing.length) problems.push(`  ${missing.join(', ')}: required with AI_PROVIDER=openai`);
  }
  if (data.FCM_PROJECT_ID && !data.FCM_SERVICE_ACCOUNT) {
    problems.push('  FCM_SERVICE_ACCOUNT: required for FCM with FCM_PROJECT_ID');
  }
  return problems;
}

export type Config = Omit<z.infer<typeof ConfigSchema>, 'PUBLIC_URL' | 'BILLING_PROVIDER'> & {
  PUBLIC_URL: string;
  BILLING_PROVIDER: 'test' | 'stripe' | 'off';
  /** True when PUBLIC_URL was not set: it follows the port (with PORT=0, the one the server is given at start). */
  publicUrlFollowsPort: boolean;
  dbDir: string;
};

/** The address a local server answers at: PUBLIC_URL's default. */
export const localUrl = (port: number) => `http://localhost:${port}`;

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names the variable and stops the start. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(ConfigSchema.shape).flatMap((key) => {
      const value = env[key];
      return value === undefined || value === '' ? [] : [[key, value]];
    }),
  );
  const parsed = ConfigSchema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const incomplete = incompleteProviders(parsed.data);
  if (incomplete.length) throw new ConfigError(`Invalid configuration:\n${incomplete.join('\n')}`);
  const dataDir = resolve(parsed.data.DATA_DIR);
  const { PUBLIC_URL, ...rest } = parsed.data;
  return {
    ...rest,
    // Sign-in redirects and token issuers are built from it, so a server on another port must not claim 3000.
    PUBLIC_URL: PUBLIC_URL ?? localUrl(parsed.data.PORT),
    BILLING_PROVIDER: parsed.data.BILLING_PROVIDER ?? (parsed.data.DATABASE_URL ? 'off' : 'test'),
    publicUrlFollowsPort: PUBLIC_URL === undefined,
    DATA_DIR: dataDir,
    dbDir: resolve(dataDir, 'db'),
  };
}
