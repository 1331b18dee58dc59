import { randomBytes, randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { Config } from '../config.ts';
import { badField } from '../kernel/http/errors.ts';
import type { IdpContext } from './flow.ts';
import {
  type AuthorizeRequest,
  errorRedirect,
  federationCallback,
  type IdentityProviderName,
  issueCode,
} from './oauth.ts';
import * as q from './queries.ts';
import { createVerifier } from './srp.ts';

/** How long a person may take at Google or Apple before the sign-in must start again. */
export const FEDERATION_TTL_MS = 10 * 60_000;
/** Provider metadata and keys are looked up again after this long (and Apple's client secret re-signed). */
const CONFIGURATION_TTL_MS = 60 * 60_000;

interface ProviderSettings {
  name: IdentityProviderName;
  issuer: URL;
  clientId: string;
  clientSecret: () => Promise<string>;
  scope: string;
  /** Apple posts the answer back (form_post) whenever email or name is asked for. */
  responseMode: 'query' | 'form_post';
}

/** Apple's client secret is a short-lived ES256 JWT signed with the team's key. */
async function appleClientSecret(config: Config): Promise<string> {
  if (config.APPLE_CLIENT_SECRET) return config.APPLE_CLIENT_SECRET;
  const { APPLE_TEAM_ID: team, APPLE_KEY_ID: kid, APPLE_PRIVATE_KEY: pem, APPLE_CLIENT_ID: clientId } = config;
  if (!team || !kid || !pem || !clientId) throw new Error('Sign in with Apple is not configured');
  const key = await importPKCS8(pem.replaceAll('\\n', '\n'), 'ES256');
  return (
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(team)
      .setSubject(clientId)
      .setAudience(config.APPLE_ISSUER.replace(/\/$/, ''))
      .setIssuedAt()
      // Outlives the hourly re-discovery that signs a new one.
      .setExpirationTime('2h')
      .sign(key)
  );
}

/** A provider is available only when configured; null otherwise. */
export function providerSettings(config: Config, name: IdentityProviderName): ProviderSettings | null {
  if (name === 'Google') {
    const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: secret } = config;
    if (!clientId || !secret) return null;
    return {
      name,
      issuer: new URL(config.GOOGLE_ISSUER),
      clientId,
      clientSecret: async () => secret,
      scope: 'openid email profile',
      responseMode: 'query',
    };
  }
  const clientId = config.APPLE_CLIENT_ID;
  const canSign = config.APPLE_TEAM_ID && config.APPLE_KEY_ID && config.APPLE_PRIVATE_KEY;
  if (!clientId || !(config.APPLE_CLIENT_SECRET || canSign)) return null;
  return {
    name,
    issuer: new URL(config.APPLE_ISSUER),
    clientId,
    clientSecret: () => appleClientSecret(config),
    scope: 'openid email name',
    responseMode: 'form_post',
  };
}

/** Told to the person in the app (the sign-in page offers only configured providers; README says how to add one). */
const NOT_CONFIGURED: Record<IdentityProviderName, string> = {
  Google: 'Google sign-in is not available here; sign in with your email instead',
  SignInWithApple: 'Sign in with Apple is not available here; sign in with your email instead',
};

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

const configurations = new Map<string, { until: number; config: Promise<oidc.Configuration> }>();

/** The provider's discovered configuration, shared by the flows of this node and refreshed hourly. */
function configurationFor(settings: ProviderSettings): Promise<oidc.Configuration> {
  const key = `${settings.name}|${settings.issuer.href}|${settings.clientId}`;
  const cached = configurations.get(key);
  if (cached && cached.until > Date.now()) return cached.config;
  const config = settings.clientSecret().then((secret) =>
    oidc.discovery(settings.issuer, settings.clientId, undefined, oidc.ClientSecretPost(secret), {
      // Plain HTTP only for a provider on this machine (a local stand-in); real providers are HTTPS.
      execute: settings.issuer.protocol === 'http:' && isLoopback(settings.issuer) ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    }),
  );
  configurations.set(key, { until: Date.now() + CONFIGURATION_TTL_MS, config });
  config.catch(() => configurations.delete(key));
  return config;
}

/** What travels, sealed, through the provider in `state`: the app's request and this leg's PKCE and nonce. */
interface FederationState {
  request: AuthorizeRequest;
  provider: IdentityProviderName;
  verifier: string | null;
  nonce: string;
  exp: number;
}

/** The address to send the person to at Google or Apple; an unconfigured or unreachable provider goes back as an error. */
export async function startFederation(ctx: IdpContext, request: AuthorizeRequest, provider: IdentityProviderName) {
  const settings = providerSettings(ctx.config, provider);
  if (!settings) return errorRedirect(request.redirectUri, 'invalid_request', NOT_CONFIGURED[provider], request.state);
  const config = await configurationFor(settings).catch(() => null);
  if (!config) {
    return errorRedirect(
      request.redirectUri,
      'temporarily_unavailable',
      `${provider} sign-in is unreachable; try again shortly`,
      request.state,
    );
  }
  const pkce = config.serverMetadata().supportsPKCE();
  const flow: FederationState = {
    request,
    provider,
    verifier: pkce ? oidc.randomPKCECodeVerifier() : null,
    nonce: oidc.randomNonce(),
    exp: Date.now() + FEDERATION_TTL_MS,
  };
  const parameters: Record<string, string> = {
    redirect_uri: federationCallback(ctx.config),
    scope: settings.scope,
    state: ctx.sealer.seal(JSON.stringify(flow)),
    nonce: flow.nonce,
    ...(settings.responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
  };
  if (flow.verifier) {
    parameters.code_challenge = await oidc.calculatePKCECodeChallenge(flow.verifier);
    parameters.code_challenge_method = 'S256';
  }
  return oidc.buildAuthorizationUrl(config, parameters).toString();
}

/** The provider's answer, from the query (GET) or the posted form (Apple's form_post). */
export interface ProviderAnswer {
  method: 'GET' | 'POST';
  params: Record<string, string>;
}

function openState(ctx: IdpContext, answer: ProviderAnswer): FederationState {
  const { state } = answer.params;
  const opened = state ? ctx.sealer.open(state) : null;
  const flow = opened ? (JSON.parse(opened) as FederationState) : null;
  if (!flow || flow.exp < Date.now()) {
    const field = answer.method === 'GET' ? 'query.state' : 'body.state';
    const message = 'the sign-in was not started here or took too long; start it again';
    throw badField(field, message);
  }
  return flow;
}

/** The identity a provider vouches for, from its verified id token. */
interface ProviderIdentity {
  providerName: IdentityProviderName;
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  attributes: Record<string, string>;
}

function identityFrom(provider: IdentityProviderName, claims: oidc.IDToken, appleUser?: string): ProviderIdentity {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
  // Apple sends email_verified as the string "true".
  const verified = claims.email_verified === true || (claims.email_verified as unknown) === 'true';
  const attributes: Record<string, string> = {};
  for (const name of ['name', 'given_name', 'family_name', 'picture'] as const) {
    const value = claims[name];
    if (typeof value === 'string' && value) attributes[name] = value;
  }
  // Apple tells the name once, in the posted `user` field of the first sign-in only.
  if (appleUser) {
    try {
      const parsed = JSON.parse(appleUser) as { name?: { firstName?: unknown; lastName?: unknown } };
      if (typeof parsed.name?.firstName === 'string') attributes.given_name = parsed.name.firstName;
      if (typeof parsed.name?.lastName === 'string') attributes.family_name = parsed.name.lastName;
    } catch {
      // A malformed name is not worth failing a sign-in over.
    }
  }
  return { providerName: provider, providerUserId: claims.sub, email, emailVerified: verified && !!email, attributes };
}

/** Cognito's username for a federated user, also named in its "already found an entry" message. */
export const federatedUsername = (identity: { providerName: string; providerUserId: string }) =>
  `${identity.providerName}_${identity.providerUserId}`;

type LinkOutcome = { user: q.IdpUser; linkedNow: boolean };

/**
 * Signs a federated identity in: the user it is linked to; otherwise the user owning the same email when both the
 * provider and our account verified it (linked now, answered like Cognito so the client retries); otherwise a new user.
 */
export async function linkOrCreate(ctx: IdpContext, identity: ProviderIdentity): Promise<LinkOutcome> {
  const key = { providerName: identity.providerName, providerUserId: identity.providerUserId };
  const link = await q.findFederatedIdentity(ctx.db, key);
  const linked = link ? await q.getUser(ctx.db, { sub: link.sub }) : undefined;
  if (linked) {
    await q.touchFederatedIdentity(ctx.db, { ...key, email: identity.email });
    return { user: linked, linkedNow: false };
  }
  const owner =
    identity.email && identity.emailVerified
      ? await q.userByVerifiedEmail(ctx.db, { email: identity.email })
      : undefined;
  if (owner) {
    await q.linkFederatedIdentity(ctx.db, { ...key, sub: owner.sub, email: identity.email });
    return { user: owner, linkedNow: true };
  }
  const username = federatedUsername(identity).toLowerCase();
  // Federated users sign in through their provider: the password behind the verifier is never told to anyone.
  const { salt, verifier } = createVerifier(ctx.poolName, username, randomBytes(32).toString('base64url'));
  const created = await q.insertUser(ctx.db, {
    sub: randomUUID(),
    username,
    email: identity.email,
    emailVerified: identity.emailVerified,
    attributes: identity.attributes,
    status: 'EXTERNAL_PROVIDER',
    salt,
    sealedVerifier: ctx.sealer.seal(verifier),
  });
  // Two first sign-ins racing: the one that lost the insert links to the user the other created.
  const user = created ? await q.getUser(ctx.db, { sub: created.sub }) : await q.findUser(ctx.db, { login: username });
  if (!user) throw new Error(`federated user ${username} was not stored`);
  await q.linkFederatedIdentity(ctx.db, { ...key, sub: user.sub, email: identity.email, lastSignInAt: new Date() });
  return { user, linkedNow: false };
}

/** /oauth2/idpresponse: finish the provider's leg, sign the person in here, and go back to the app with our code. */
export async function finishFederation(
  ctx: IdpContext,
  answer: ProviderAnswer,
  log: { warn: (o: object, m: string) => void },
) {
  const flow = openState(ctx, answer);
  const { request, provider } = flow;
  const back = (error: string, description: string) =>
    errorRedirect(request.redirectUri, error, description, request.state);
  if (answer.params.error) {
    return back(answer.params.error, answer.params.error_description ?? `${provider} sign-in did not complete`);
  }
  const settings = providerSettings(ctx.config, provider);
  if (!settings) return back('invalid_request', NOT_CONFIGURED[provider]);
  const callback = new URL(federationCallback(ctx.config));
  let current: URL | Request = callback;
  if (answer.method === 'GET') {
    for (const [name, value] of Object.entries(answer.params)) callback.searchParams.set(name, value);
  } else {
    current = new Request(callback, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(answer.params).toString(),
    });
  }
  let identity: ProviderIdentity;
  try {
    const config = await configurationFor(settings);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      expectedState: answer.params.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
      ...(flow.verifier ? { pkceCodeVerifier: flow.verifier } : {}),
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no id token');
    identity = identityFrom(provider, claims, answer.params.user);
  } catch (error) {
    log.warn({ err: error, provider }, 'federated sign-in failed at the provider');
    return back('invalid_request', `${provider} sign-in failed; try again`);
  }
  const { user, linkedNow } = await linkOrCreate(ctx, identity);
  if (!user.enabled) return back('invalid_request', 'User is disabled.');
  // Cognito's answer when a federated identity is first linked to an existing user; the client retries (SPEC §4).
  if (linkedNow) return back('invalid_request', `Already found an entry for username ${federatedUsername(identity)}`);
  return issueCode(ctx, request, user.sub);
}
