import { describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  codeChallengeS256,
  federatedRetryProvider,
  type PendingFederatedSignIn,
  randomUrlSafe,
  readHostedUiReturn,
  readPending,
  readTokenResponse,
  tokenRequestBody,
  tokenUrl,
  withoutHostedUiParams,
} from './hosted-ui.ts';

describe(codeChallengeS256.name, () => {
  it('matches the worked example of RFC 7636 appendix B', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('uses URL-safe random verifiers of the length RFC 7636 asks for (43 to 128 characters)', () => {
    const a = randomUrlSafe();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomUrlSafe()).not.toBe(a);
  });
});

describe(authorizeUrl.name, () => {
  it('names the provider as the identity provider does and asks for a code with PKCE and the SPEC scopes', () => {
    const url = new URL(
      authorizeUrl({
        base: 'https://app.example/idp/',
        clientId: 'earningshub-web',
        provider: 'apple',
        redirectUri: 'https://app.example/signin',
        state: 'st4te',
        codeChallenge: 'ch4llenge',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://app.example/idp/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      identity_provider: 'SignInWithApple',
      response_type: 'code',
      client_id: 'earningshub-web',
      redirect_uri: 'https://app.example/signin',
      scope: 'email openid profile aws.cognito.signin.user.admin',
      state: 'st4te',
      code_challenge: 'ch4llenge',
      code_challenge_method: 'S256',
    });
    const google = new URL(
      authorizeUrl({
        base: 'https://a/idp',
        clientId: 'c',
        provider: 'google',
        redirectUri: 'r',
        state: 's',
        codeChallenge: 'x',
      }),
    );
    expect(google.searchParams.get('identity_provider')).toBe('Google');
  });

  it('trades the code at the token endpoint with the verifier', () => {
    expect(tokenUrl('https://app.example/idp')).toBe('https://app.example/idp/oauth2/token');
    const body = tokenRequestBody({
      clientId: 'c',
      code: 'k',
      redirectUri: 'https://app.example/signin',
      codeVerifier: 'v',
    });
    expect(body.toString()).toBe(
      'grant_type=authorization_code&client_id=c&code=k&redirect_uri=https%3A%2F%2Fapp.example%2Fsignin&code_verifier=v',
    );
  });
});

describe(readTokenResponse.name, () => {
  it('accepts an answer with the three tokens only', () => {
    expect(readTokenResponse({ id_token: 'i', access_token: 'a', refresh_token: 'r', expires_in: 3600 })).toEqual({
      idToken: 'i',
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(readTokenResponse({ id_token: 'i', access_token: 'a' })).toBeNull();
    expect(readTokenResponse('nope')).toBeNull();
  });
});

describe(readHostedUiReturn.name, () => {
  it('reads a code with its state, or an error with its description', () => {
    expect(readHostedUiReturn('?code=abc&state=xyz')).toEqual({ kind: 'code', code: 'abc', state: 'xyz' });
    expect(
      readHostedUiReturn('?error=invalid_request&error_description=Already+found+an+entry+for+username+Google_1'),
    ).toEqual({ kind: 'error', error: 'invalid_request', description: 'Already found an entry for username Google_1' });
    expect(readHostedUiReturn('?code=abc')).toBeNull();
    expect(readHostedUiReturn('?theme=dark')).toBeNull();
  });

  it('leaves the other parameters on the address', () => {
    expect(withoutHostedUiParams('/signin', '?code=a&state=b&theme=dark', '#x')).toBe('/signin?theme=dark#x');
    expect(withoutHostedUiParams('/signin', '?error=e&error_description=d')).toBe('/signin');
  });
});

describe(federatedRetryProvider.name, () => {
  const pending: PendingFederatedSignIn = { provider: 'apple', state: 's', codeVerifier: 'v', retried: false };

  it('retries with the stored provider when the entry already exists, once', () => {
    const message = 'PreSignUp failed with error Already found an entry for username SignInWithApple_0012.';
    expect(federatedRetryProvider(message, pending)).toBe('apple');
    expect(federatedRetryProvider(message, { ...pending, provider: 'google' })).toBe('google');
    expect(federatedRetryProvider(message, { ...pending, retried: true })).toBeNull();
    expect(federatedRetryProvider(message, null)).toBeNull();
  });

  it('does not retry other refusals', () => {
    expect(federatedRetryProvider('access_denied', pending)).toBeNull();
  });

  it('reads only a well-formed stored sign-in', () => {
    expect(readPending(JSON.stringify(pending))).toEqual(pending);
    expect(readPending(JSON.stringify({ ...pending, provider: 'facebook' }))).toBeNull();
    expect(readPending('{')).toBeNull();
    expect(readPending(null)).toBeNull();
  });
});
