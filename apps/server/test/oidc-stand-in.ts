import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** A person at the stand-in provider; they sign in at its login form with their `sub` as the login. */
export interface StandInAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface OidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the maintained `oidc-provider`) on 127.0.0.1 standing in for Google or Apple, with one
 * confidential client and the given accounts. Its development login form takes the account's sub; consent is
 * granted at once, as Google and Apple do for an app the person already chose.
 */
export async function startOidcStandIn(options: {
  redirectUris: string[];
  accounts: StandInAccount[];
  clientId?: string;
}): Promise<OidcStandIn> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? 'earningshub-federation';
  const clientSecret = 'stand-in-client-secret-0123456789abcdef';
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: account.sub,
            email: account.email,
            email_verified: account.emailVerified,
            ...(account.name ? { name: account.name } : {}),
          };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
    // Google's and Apple's id tokens carry the email claims; so does the stand-in's.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile name');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['stand-in-cookie-signing-key'] },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'stand-in', alg: 'RS256', use: 'sig' }] },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies kept across a flow of redirects, as a browser would (paths ignored: one provider, one app). */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows a browser's path from our /authorize to the stand-in's login form, signs in as `sub`, and returns the
 * provider's answer to our callback: a redirect (Google) or the auto-posting form (Apple's form_post).
 */
export async function signInAtStandIn(authorizeUrl: string, sub: string) {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(res);
    return res;
  };
  const ours = await go(authorizeUrl);
  const atProvider = ours.headers.get('location');
  if (ours.status !== 302 || !atProvider) throw new Error(`authorize did not redirect: ${ours.status}`);
  const toLogin = await go(atProvider);
  const login = new URL(toLogin.headers.get('location') ?? '', atProvider).toString();
  const submitted = await go(login, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login: sub, password: 'any' }).toString(),
  });
  let next = new URL(submitted.headers.get('location') ?? '', login).toString();
  for (let hop = 0; hop < 5; hop += 1) {
    const res = await go(next);
    const location = res.headers.get('location');
    if (location) {
      next = new URL(location, next).toString();
      if (!next.startsWith(new URL(atProvider).origin)) return { redirect: next, form: null };
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`the provider answered without a redirect or a form: ${html.slice(0, 200)}`);
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], htmlText(m[2])]),
    );
    return { redirect: null, form: { action: htmlText(action), fields: fields as Record<string, string> } };
  }
  throw new Error('too many redirects at the provider');
}

const htmlText = (value = '') =>
  value
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
