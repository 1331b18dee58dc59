import { seededRandom } from '@eh/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/idp/operations.ts';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { setPlan } from './earnings-seed.ts';

/**
 * Hostile input on every operation the server serves: each one of the OpenAPI document and each identity
 * operation, with NUL, lone surrogates, 100 KB strings, deep nesting, wrong types and prototype keys in each
 * parameter position, as a visitor, with a forged token and as a signed-in user. Nothing may answer 5xx, and the
 * server must be healthy afterwards. Deterministic: FUZZ_SEED picks the same requests again.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 16);
const CONCURRENCY = 6;
const BIG = 100_000;
const DEPTH = 10_000;
const USER_PASSWORD = 'Earnings-2026!';

// Seeded, so a failure reproduces with the same FUZZ_SEED.
const random = seededRandom(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

type Identity = 'anonymous' | 'forged' | 'user';
interface Probe {
  operation: string;
  position: string;
  identity: Identity;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Failure extends Omit<Probe, 'body'> {
  status: number;
  body?: string;
  answer: string;
}

// ---------------------------------------------------------------- hostile values

type Labelled = [label: string, raw: string];

/** Raw JSON texts of a string made hostile: the valid baseline with a NUL or a lone surrogate in it, or too long. */
const hostileStrings = (base: string): Labelled[] => {
  const middle = Math.floor(base.length / 2);
  return [
    ['NUL inside', `${base.slice(0, middle)}\u0000${base.slice(middle)}`],
    ['NUL alone', '\u0000'],
    ['lone high surrogate', `${base.slice(0, middle)}\ud800${base.slice(middle)}`],
    ['lone low surrogate', `${base}\udc00`],
    ['100 KB string', 'x'.repeat(BIG)],
    ['__proto__ string', '__proto__'],
    ['constructor string', 'constructor'],
  ].map(([label, text]) => [label as string, JSON.stringify(text)]);
};

const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

/** Raw JSON texts of every other hostile value: wrong types, deep nesting, prototype keys, hostile keys. */
const HOSTILE_JSON: Labelled[] = [
  ['number', '0'],
  ['negative', '-1'],
  ['huge number', '1e308'],
  ['fraction', '3.5'],
  ['boolean', 'true'],
  ['null', 'null'],
  ['empty array', '[]'],
  ['empty object', '{}'],
  ['array of NUL strings', '["\\u0000","\\ud800"]'],
  ['__proto__ object', '{"__proto__":{"polluted":true}}'],
  ['constructor object', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['NUL key', '{"a\\u0000b":"c"}'],
  ['lone-surrogate key', '{"\\ud800":"c","v":"\\udfff"}'],
  ['10,000 nested arrays', deepArray],
  ['10,000 nested objects', deepObject],
  ['10,000-item array', JSON.stringify(Array.from({ length: 10_000 }, (_, i) => `item-${i}`))],
];
/** What an object-valued field always gets: keys and depth are where a map goes wrong. */
const OBJECT_ALWAYS = ['__proto__ object', 'NUL key', 'lone-surrogate key', '10,000 nested objects'];

const HOSTILE_BODIES: Labelled[] = [
  ['array body', '[]'],
  ['string body', '"text"'],
  ['null body', 'null'],
  ['__proto__ body', '{"__proto__":{"polluted":true}}'],
  ['constructor body', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['10,000 nested arrays body', deepArray],
  ['10,000 nested objects body', deepObject],
  ['NUL key body', '{"\\u0000":"\\u0000"}'],
];

/** Raw, already percent-encoded values for a path segment or a query value. */
const HOSTILE_URL_VALUES: Labelled[] = [
  ['NUL inside', 'AA%00PL'],
  ['encoded surrogate', '%ED%A0%80'],
  ['NUL', '%00'],
  ['overlong slash', '%C0%AF'],
  ['bad byte', '%FF'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['hasOwnProperty', 'hasOwnProperty'],
  ['dot dot', '..%2F..%2Fetc'],
  ['8 KB', 'x'.repeat(8_000)],
  ['negative', '-1'],
  ['overflow', '99999999999999999999999'],
  ['NaN', 'NaN'],
  ['blank', '%20'],
];
const URL_ALWAYS = ['NUL inside', 'encoded surrogate'];
const STRING_ALWAYS = ['NUL inside', 'lone high surrogate'];

/** Every query key an object lookup can trip on, in one query string. */
const HOSTILE_QUERY_KEYS =
  '__proto__=x&__proto__[polluted]=1&constructor=x&constructor[prototype][polluted]=1&toString=1&hasOwnProperty=1&%00=1';

/**
 * The request budget (the whole run in well under a minute on two cores): each position gets the values that
 * find the known classes of defect, and a seeded few of the rest; another seed picks others.
 */
const SAMPLED = 3;
function choose(values: Labelled[], always: string[]): Labelled[] {
  const rest = values.filter(([label]) => !always.includes(label));
  const chosen: Labelled[] = values.filter(([label]) => always.includes(label));
  for (let i = 0; i < SAMPLED && rest.length; i++) chosen.push(...rest.splice(Math.floor(random() * rest.length), 1));
  return chosen;
}

// ---------------------------------------------------------------- valid baselines from the OpenAPI document

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

const SAMPLE_STRINGS = ['AAPL', '2026-11-20', '123456', 'earnings', 'eh500', 'fuzz value for a field'];
const FIXED_UUID = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';

function baseline(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'fuzz';
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return baseline(choice);
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 1;
      return schema.exclusiveMinimum === true ? min + 1 : Math.max(min, 1);
    }
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems ? [baseline(schema.items)] : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, baseline(property)]),
      );
    default:
      return baselineString(schema);
  }
}

function baselineString(schema: JsonSchema): string {
  if (schema.format === 'uuid') return FIXED_UUID;
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.pattern?.startsWith('^data:image')) return 'data:image/png;base64,iVBORw0KGgo=';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  const sample = SAMPLE_STRINGS.find((s) => (!pattern || pattern.test(s)) && s.length >= min && s.length <= max);
  return sample ?? 'x'.repeat(Math.max(min, 1));
}

const urlValue = (value: unknown) => encodeURIComponent(String(value));

// ---------------------------------------------------------------- probes of the HTTP API

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Operations that end the signed-in user's session or account: fuzzed last, so the others keep a live user. */
const DESTRUCTIVE = new Set([
  'DELETE /api/core/users/me',
  'DELETE /api/earnings/lists/{id}',
  'DeleteUser',
  'GlobalSignOut',
  'RevokeToken',
]);

/** Ids the signed-in user owns, so a probe with one hostile part gets past the ownership checks. */
interface Owned {
  userId: string;
  listId: string;
}

function ownedValue(template: string, name: string, owned: Owned): string | undefined {
  if (template.startsWith('/api/core/users/{id}')) return owned.userId;
  if (template.includes('/lists/') && (name === 'id' || name === 'listId')) return owned.listId;
  return undefined;
}

const IDENTITIES = ['anonymous', 'forged', 'user'] as const;

function apiProbes(doc: OpenApi, owned: Owned): Probe[] {
  const probes: Probe[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    if (template === '/idp') continue; // the identity protocol has its own probes below
    for (const [lower, operation] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const params = operation.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const owner: Identity = operation.security ? 'user' : pick(IDENTITIES);
      const pathValues = Object.fromEntries(
        pathParams.map((p) => [p.name, ownedValue(template, p.name, owned) ?? urlValue(baseline(p.schema))]),
      );
      const queryValues = Object.fromEntries(
        queryParams.filter((p) => p.required).map((p) => [p.name, urlValue(baseline(p.schema))]),
      );
      const baseBody = bodySchema ? (baseline(bodySchema) as Record<string, unknown>) : undefined;
      const build = (
        position: string,
        identity: Identity,
        change: { path?: Record<string, string>; query?: string; body?: string } = {},
      ): Probe => {
        const path = template.replace(/\{(\w+)\}/g, (_, key: string) => change.path?.[key] ?? pathValues[key] ?? 'x');
        const query = [
          ...Object.entries(queryValues).map(([k, v]) => `${k}=${v}`),
          ...(change.query ? [change.query] : []),
        ].join('&');
        const body = change.body ?? (baseBody ? JSON.stringify(baseBody) : undefined);
        return {
          operation: `${method} ${template}`,
          position,
          identity,
          method,
          url: query ? `${path}?${query}` : path,
          ...(body !== undefined && method !== 'GET' ? { headers: { 'content-type': 'application/json' }, body } : {}),
        };
      };
      for (const param of pathParams)
        for (const [label, raw] of choose(HOSTILE_URL_VALUES, URL_ALWAYS))
          probes.push(build(`path.${param.name}: ${label}`, owner, { path: { [param.name]: raw } }));
      for (const param of queryParams) {
        for (const [label, raw] of choose(HOSTILE_URL_VALUES, URL_ALWAYS))
          probes.push(build(`query.${param.name}: ${label}`, owner, { query: `${param.name}=${raw}` }));
        probes.push(build(`query.${param.name}: repeated`, owner, { query: `${param.name}=a&${param.name}=%00` }));
      }
      probes.push(build('query keys: prototype and NUL keys', pick(IDENTITIES), { query: HOSTILE_QUERY_KEYS }));
      if (method === 'GET') continue;
      for (const [field, value] of Object.entries(baseBody ?? {})) {
        const replace = (raw: string) => JSON.stringify({ ...baseBody, [field]: '\u0001' }).replace('"\\u0001"', raw);
        const isObject = typeof value === 'object' && value !== null;
        const values = [...hostileStrings(typeof value === 'string' ? value : 'fuzz value'), ...HOSTILE_JSON];
        for (const [label, raw] of choose(values, isObject ? OBJECT_ALWAYS : STRING_ALWAYS))
          probes.push(build(`body.${field}: ${label}`, owner, { body: replace(raw) }));
      }
      for (const [index, [label, raw]] of choose(HOSTILE_BODIES, []).entries())
        probes.push(build(`body: ${label}`, IDENTITIES[index % IDENTITIES.length] ?? owner, { body: raw }));
    }
  }
  return probes;
}

// ---------------------------------------------------------------- probes of the identity protocol

type Json = Record<string, unknown>;
const TARGET = 'AWSCognitoIdentityProviderService.';

function idpBaselines(clientId: string, email: string, accessToken: string): Record<string, Json[]> {
  const auth = (AuthFlow: string, AuthParameters: Json) => ({ ClientId: clientId, AuthFlow, AuthParameters });
  const device = { AccessToken: accessToken, DeviceKey: 'us-east-1_3f1e2d3c-0000-4000-8000-000000000000' };
  return {
    SignUp: [
      {
        ClientId: clientId,
        Username: 'fuzz-signup@example.com',
        Password: USER_PASSWORD,
        UserAttributes: [{ Name: 'email', Value: 'fuzz-signup@example.com' }],
        ClientMetadata: { source: 'fuzz' },
      },
    ],
    ConfirmSignUp: [{ ClientId: clientId, Username: email, ConfirmationCode: '123456' }],
    ResendConfirmationCode: [{ ClientId: clientId, Username: email }],
    InitiateAuth: [
      auth('USER_PASSWORD_AUTH', { USERNAME: email, PASSWORD: 'Wrong-pass-1!' }),
      auth('USER_SRP_AUTH', { USERNAME: email, SRP_A: 'abcdef0123456789' }),
      auth('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: 'not-a-token', DEVICE_KEY: device.DeviceKey }),
      auth('CUSTOM_AUTH', { USERNAME: email }),
    ],
    RespondToAuthChallenge: [
      {
        ClientId: clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        Session: 'session',
        ChallengeResponses: {
          USERNAME: email,
          PASSWORD_CLAIM_SIGNATURE: 'c2ln',
          PASSWORD_CLAIM_SECRET_BLOCK: 'YmxvY2s=',
          TIMESTAMP: 'Mon Nov 23 10:00:00 UTC 2026',
        },
      },
    ],
    GetUser: [{ AccessToken: accessToken }],
    GlobalSignOut: [{ AccessToken: accessToken }],
    RevokeToken: [{ ClientId: clientId, Token: 'not-a-refresh-token' }],
    ForgotPassword: [{ ClientId: clientId, Username: email }],
    ConfirmForgotPassword: [
      { ClientId: clientId, Username: email, ConfirmationCode: '123456', Password: USER_PASSWORD },
    ],
    ChangePassword: [{ AccessToken: accessToken, PreviousPassword: USER_PASSWORD, ProposedPassword: USER_PASSWORD }],
    UpdateUserAttributes: [{ AccessToken: accessToken, UserAttributes: [{ Name: 'email', Value: email }] }],
    GetUserAttributeVerificationCode: [{ AccessToken: accessToken, AttributeName: 'email' }],
    VerifyUserAttribute: [{ AccessToken: accessToken, AttributeName: 'email', Code: '123456' }],
    DeleteUserAttributes: [{ AccessToken: accessToken, UserAttributeNames: ['name'] }],
    DeleteUser: [{ AccessToken: accessToken }],
    AssociateSoftwareToken: [{ AccessToken: accessToken }, { Session: 'session' }],
    VerifySoftwareToken: [{ AccessToken: accessToken, UserCode: '123456', FriendlyDeviceName: 'phone' }],
    SetUserMFAPreference: [
      { AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } },
    ],
    SetUserSettings: [{ AccessToken: accessToken, MFAOptions: [] }],
    ConfirmDevice: [
      {
        ...device,
        DeviceName: 'Fuzz phone',
        DeviceSecretVerifierConfig: { Salt: 'c2FsdA==', PasswordVerifier: 'dmVyaWZpZXI=' },
      },
    ],
    GetDevice: [device],
    ListDevices: [{ AccessToken: accessToken, Limit: 10, PaginationToken: 'token' }],
    ForgetDevice: [device],
    UpdateDeviceStatus: [{ ...device, DeviceRememberedStatus: 'remembered' }],
  };
}

/** Every leaf of a JSON value, as a path of keys and indexes. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) =>
      leaves(child, [...path, Array.isArray(value) ? Number(key) : key]),
    );
  return [path];
}

/** The JSON text of `value` with the leaf at `path` replaced by a raw JSON text. */
function replaceLeaf(value: unknown, path: (string | number)[], raw: string): string {
  const marker = '\u0001marker\u0001';
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), raw);
}

function idpProbe(operation: string, position: string, identity: Identity, body: string, target?: string): Probe {
  return {
    operation: `idp ${operation}`,
    position,
    identity,
    method: 'POST',
    url: '/idp',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target ?? `${TARGET}${operation}` },
    body,
  };
}

function idpProbes(baselines: Record<string, Json[]>, forgedAccessToken: string): Probe[] {
  const probes: Probe[] = [];
  for (const [operation, bodies] of Object.entries(baselines))
    for (const base of bodies) {
      const identity: Identity = 'AccessToken' in base ? 'user' : 'anonymous';
      for (const path of leaves(base)) {
        const field = path.join('.');
        const current = path.reduce<unknown>((node, key) => (node as Json)[key], base);
        const values = [...hostileStrings(typeof current === 'string' ? current : 'fuzz'), ...HOSTILE_JSON];
        for (const [label, raw] of choose(values, STRING_ALWAYS))
          probes.push(idpProbe(operation, `${field}: ${label}`, identity, replaceLeaf(base, path, raw)));
      }
      if ('AccessToken' in base)
        probes.push(
          idpProbe(
            operation,
            'AccessToken: forged',
            'forged',
            JSON.stringify({ ...base, AccessToken: forgedAccessToken }),
          ),
        );
      for (const [label, raw] of choose(HOSTILE_BODIES, []))
        probes.push(idpProbe(operation, `body: ${label}`, identity, raw));
      const withKeys = JSON.stringify(base).replace(/^\{/, '{"__proto__":{"polluted":true},"constructor":{"x":1},');
      probes.push(idpProbe(operation, 'body: prototype keys beside the fields', identity, withKeys));
    }
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '', 'signUp', '\u00e9'])
    probes.push(idpProbe(name, 'X-Amz-Target', 'anonymous', '{}', `${TARGET}${encodeURIComponent(name)}`));
  return probes;
}

/** The hosted UI's OAuth2 endpoints take form and query parameters the OpenAPI document does not describe. */
function oauthProbes(): Probe[] {
  const probes: Probe[] = [];
  const fields = ['grant_type', 'code', 'refresh_token', 'client_id', 'redirect_uri', 'code_verifier', 'state'];
  const form = { grant_type: 'authorization_code', code: 'code', client_id: 'earningshub-web', redirect_uri: 'x' };
  for (const field of fields)
    for (const [label, raw] of choose(HOSTILE_URL_VALUES, URL_ALWAYS)) {
      const body = new URLSearchParams({ ...form, [field]: '\u0001' }).toString().replace('%01', raw);
      for (const url of ['/idp/oauth2/token', '/idp/oauth2/idpresponse'])
        probes.push({
          operation: `POST ${url}`,
          position: `form.${field}: ${label}`,
          identity: 'anonymous',
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
      for (const url of ['/idp/oauth2/authorize', '/idp/oauth2/idpresponse', '/idp/logout'])
        probes.push({
          operation: `GET ${url}`,
          position: `query.${field}: ${label}`,
          identity: 'anonymous',
          method: 'GET',
          url: `${url}?response_type=code&client_id=earningshub-web&identity_provider=Google&${field}=${raw}`,
        });
    }
  return probes;
}

// ---------------------------------------------------------------- the run

let server: TestServer;
let user: Awaited<ReturnType<typeof signedInUser>>;
let forged: Record<string, string>;
let owned: Owned;

beforeAll(async () => {
  // Billing on (it is off by default with DATABASE_URL): the payment calls are fuzzed on both databases.
  server = await startTestServer({ BILLING_PROVIDER: 'test' });
  user = await signedInUser(server, 'fuzz@example.com', USER_PASSWORD);
  // A paid plan, so list calls get past the plan's list limit to the code behind it.
  await setPlan(server.ctx, user.sub, 'earningshub_pro');
  const list = await server.api('/api/earnings/lists', {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Fuzzed' }),
  });
  owned = { userId: user.sub, listId: ((await list.json()) as { id: string }).id };
  // The user's own token claims, re-signed by nobody: a valid shape with a signature that does not match.
  const [header, payload] = user.headers.authorization.slice('Bearer '.length).split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
  const resigned = Buffer.from(JSON.stringify({ ...claims, sub: FIXED_UUID })).toString('base64url');
  forged = {
    authorization: `Bearer ${header}.${resigned}.${Buffer.from('forged').toString('base64url')}`,
    'x-access-token': `${header}.${resigned}.forged`,
  };
}, 120_000);
afterAll(async () => server?.close());

function headersOf(identity: Identity): Record<string, string> {
  if (identity === 'user') return user.headers;
  if (identity === 'forged') return forged;
  return {};
}

async function send(probe: Probe): Promise<Failure | null> {
  const res = await fetch(`${server.url}${probe.url}`, {
    method: probe.method,
    headers: { ...headersOf(probe.identity), ...probe.headers },
    ...(probe.body === undefined ? {} : { body: probe.body }),
    redirect: 'manual',
  });
  const answer = await res.text();
  if (res.status < 500) return null;
  return { ...probe, status: res.status, answer: answer.slice(0, 300), body: probe.body?.slice(0, 300) };
}

async function runAll(probes: Probe[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++] as Probe;
      const failure = await send(probe);
      if (failure) failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failures;
}

const isDestructive = (probe: Probe) => DESTRUCTIVE.has(probe.operation.replace(/^idp /, ''));

/** The classes of defect the fuzzing found, each pinned by one plain request. */
describe('what the fuzzing found', () => {
  const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
    server.api(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const idp = (operation: string, payload: unknown) =>
    server.api('/idp', {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET}${operation}` },
      body: JSON.stringify(payload),
    });

  it('refuses a NUL or a lone surrogate in a stored string with 400 naming the field', async () => {
    const feedback = await post('/api/core/feedback', { category: 'bug', message: 'It broke \u0000 here' });
    expect(feedback.status).toBe(400);
    expect(await body(feedback)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^body\.message: .*NUL/),
    });
    const list = await post('/api/earnings/lists', { name: 'Tech \ud800' }, user.headers);
    expect(list.status).toBe(400);
    expect((await body(list)).message).toMatch(/^body\.name: .*lone surrogate/);
    const renamed = await post(`/api/earnings/lists/${owned.listId}`, { name: 'a\u0000' }, user.headers);
    expect((await body(renamed)).message).toMatch(/^body\.name: /);
    const count = await server.api('/api/notifications/push-tokens/count?appName=%00', { headers: user.headers });
    expect(count.status).toBe(400);
    expect((await body(count)).message).toMatch(/^query\.appName: .*NUL/);
  });

  it('takes the same text when it is well formed (emoji pairs, accents, markup)', async () => {
    const res = await post(`/api/core/users/${user.sub}`, { name: 'Zoë 🚀 <b>' }, user.headers);
    expect(res.status).toBe(200);
    expect((await body(res)).name).toBe('Zoë 🚀 <b>');
  });

  it('checks saved settings: keys, strings, depth and the merged size', async () => {
    // As JSON text: JSON.stringify itself recurses, and 10,000 levels overflow this process's stack too.
    const settings = (text: string) => post('/api/core/users/me/settings', `{"settings":${text}}`, user.headers);
    const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    const text = (value: unknown) => JSON.stringify(value);
    for (const [value, pattern] of [
      [text({ 'a\u0000': 1 }), /^body\.settings: key "a\\u0000" must not contain the NUL/],
      [text({ theme: '\ud800' }), /^body\.settings\.theme: .*lone surrogate/],
      [nested(9), /^body\.settings(\.a)+: must be nested at most 8 levels/],
      [nested(10_000), /nested at most 8 levels/],
    ] as const) {
      const res = await settings(value);
      expect(res.status).toBe(400);
      expect((await body(res)).message).toMatch(pattern);
    }
    expect((await settings(nested(8))).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await settings(text({ [`part${i}`]: 'x'.repeat(2_000) }))).status).toBe(200);
    const full = await settings(
      text(Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`more${i}`, 'y'.repeat(2_000)]))),
    );
    expect(full.status).toBe(400);
    expect((await body(full)).message).toMatch(
      /^body\.settings: together with the settings already saved, they must be at most 16384 bytes/,
    );
  });

  it('parses 100,000 nested arrays into a 400, on the API and on /idp', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const api = await post('/api/core/users/me/settings', `{"settings":{"a":${deep}}}`, user.headers);
    expect(api.status).toBe(400);
    const identity = await server.api('/idp', {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET}GetUser` },
      body: `{"AccessToken":${deep}}`,
    });
    expect(identity.status).toBe(400);
    expect((await body(identity)).__type).toBe('InvalidParameterException');
  });

  it('refuses prototype keys in a JSON body in the one error shape', async () => {
    const res = await post('/api/core/users/me/settings', '{"settings":{"__proto__":{"polluted":true}}}', user.headers);
    expect(res.status).toBe(400);
    expect(Object.keys(await body(res)).sort()).toEqual(['code', 'message']);
  });

  it('answers an X-Amz-Target naming a built-in as an unknown operation, as AWS does', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await server.api('/idp', {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET}${name}` },
        body: '{}',
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('x-amzn-errortype')).toBe('UnknownOperationException:');
      expect((await body(res)).__type).toBe('com.amazon.coral.service#UnknownOperationException');
    }
  });

  it('answers a NUL or a lone surrogate in an identity request with InvalidParameterException naming it', async () => {
    const clientId = server.config.IDP_CLIENT_ID;
    const accessToken = user.headers['x-access-token'];
    for (const [operation, payload, parameter] of [
      ['SignUp', { ClientId: clientId, Username: 'a\u0000@example.com', Password: USER_PASSWORD }, 'Username'],
      [
        'SignUp',
        {
          ClientId: clientId,
          Username: 'nul@example.com',
          Password: USER_PASSWORD,
          UserAttributes: [{ Name: 'email', Value: 'nul\ud800@example.com' }],
        },
        'UserAttributes.0.Value',
      ],
      [
        'InitiateAuth',
        { ClientId: clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: '\u0000', SRP_A: 'ab' } },
        'AuthParameters.USERNAME',
      ],
      ['ForgotPassword', { ClientId: clientId, Username: 'x\u0000' }, 'Username'],
      ['ConfirmDevice', { AccessToken: accessToken, DeviceKey: 'k', DeviceName: 'phone\u0000' }, 'DeviceName'],
      ['GetDevice', { AccessToken: accessToken, DeviceKey: '\udc00' }, 'DeviceKey'],
    ] as const) {
      const res = await idp(operation, payload);
      expect(res.status, operation).toBe(400);
      const answer = await body(res);
      expect(answer.__type).toBe('InvalidParameterException');
      expect(answer.message).toContain(`Value at '${parameter}' failed to satisfy constraint`);
    }
  });

  it('looks attribute names up as names, not as object keys', async () => {
    const res = await idp('GetUserAttributeVerificationCode', {
      AccessToken: user.headers['x-access-token'],
      AttributeName: '__proto__',
    });
    expect(res.status).toBe(400);
    expect((await body(res)).__type).toBe('InvalidParameterException');
  });
});

describe('hostile input on every operation', () => {
  it('never answers 5xx, and the server stays healthy', { timeout: 180_000 }, async () => {
    const doc = (await (await server.api('/api/docs/json')).json()) as OpenApi;
    const operations = Object.values(doc.paths).flatMap((methods) => Object.keys(methods));
    expect(operations.length).toBeGreaterThan(90);
    const baselines = idpBaselines(
      server.config.IDP_CLIENT_ID,
      'fuzz@example.com',
      user.headers['x-access-token'] ?? '',
    );
    expect(Object.keys(baselines).sort()).toEqual([...OPERATIONS.keys()].sort());

    const api = apiProbes(doc, owned);
    const identity = idpProbes(baselines, forged['x-access-token'] ?? '');
    const probes = [...api, ...oauthProbes(), ...identity];
    const started = Date.now();
    // The ones that end the session or the account after all the others have finished.
    const failures = [
      ...(await runAll(probes.filter((p) => !isDestructive(p)))),
      ...(await runAll(probes.filter(isDestructive))),
    ];
    console.info(
      `fuzz: ${probes.length} requests (seed ${SEED}) in ${Date.now() - started} ms; ${failures.length} 5xx`,
    );
    for (const failure of failures) console.error('5xx', JSON.stringify(failure));
    expect(failures.map((f) => `${f.status} ${f.operation} ${f.position} (${f.identity})`)).toEqual([]);

    // Prototype keys polluted nothing in the server's process (this one).
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const health = await server.api('/api/health');
    expect(health.status).toBe(200);
    const fresh = await signedInUser(server, 'after-fuzz@example.com');
    const me = await server.api('/api/core/users/me', { headers: fresh.headers });
    expect(me.status).toBe(200);
    const lists = await server.api('/api/earnings/lists', { headers: fresh.headers });
    expect(lists.status).toBe(200);
  });

  it('answers a body over the limit with 413 in the one error shape', async () => {
    const res = await server.api('/api/core/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(server.config.BODY_LIMIT_BYTES) }),
    });
    expect(res.status).toBe(413);
    expect(await body(res)).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });
});
