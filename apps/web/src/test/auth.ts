import type { FederatedProviderName, SignInOptions } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { HttpResponse, http } from 'msw';
import { IDP_CLIENT_ID } from '../shared/auth-config.ts';
import { network } from './network.ts';

/**
 * The identity provider as the auth and profile screens meet it, in Cognito's JSON protocol (what the official
 * client sends to /idp and reads back), and the session the official client keeps in local storage.
 */

/** GET /core/sign-in-options: the providers the server federates with, and no local mailbox. */
export function answerSignInOptions(federatedProviders: FederatedProviderName[] = []): void {
  network.use(
    http.get(`*${paths.getSignInOptions}`, () =>
      HttpResponse.json({ federatedProviders, localMailbox: false } satisfies SignInOptions),
    ),
  );
}

/** A refusal in Cognito's JSON protocol: the type in the body and in the header (the official client reads both). */
export const refusal = (type: string, message: string) =>
  HttpResponse.json({ __type: type, message }, { status: 400, headers: { 'x-amzn-errortype': `${type}:` } });

export interface IdpCall {
  /** The operation: the X-Amz-Target's last part (InitiateAuth, ChangePassword…). */
  target: string;
  body: Record<string, unknown>;
}

/**
 * /idp answering each operation as `answers` says; every call is kept, in order. An operation the test gives no
 * answer for fails it.
 */
export function answerIdp(answers: Record<string, (body: Record<string, unknown>) => Response>): IdpCall[] {
  const calls: IdpCall[] = [];
  network.use(
    http.post('*/idp', async ({ request }) => {
      const target = (request.headers.get('x-amz-target') ?? '').split('.').pop() ?? '';
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ target, body });
      const answer = answers[target];
      if (!answer) throw new Error(`no answer for ${target} in this test`);
      return answer(body);
    }),
  );
  return calls;
}

/** The identity provider's username of the stored user (a sub, as for accounts made with an email). */
export const USERNAME = '7d0c1a52-0000-4000-8000-00000000c0de';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A token shaped as the identity provider issues them (header.payload.signature); only servers check signatures. */
export const jwt = (payload: object) =>
  `${base64url({ alg: 'RS256', kid: 'test' })}.${base64url(payload)}.c2lnbmF0dXJl`;

/**
 * A signed-in user as the official client stores one after sign-in (its LastAuthUser and token keys), with tokens
 * valid for an hour: the client's account calls (ChangePassword, GetUser…) then go to /idp with the access token.
 */
export function storeSignedInUser(email: string, username = USERNAME): void {
  const now = Math.floor(Date.now() / 1000);
  const prefix = `CognitoIdentityServiceProvider.${IDP_CLIENT_ID}`;
  localStorage.setItem(`${prefix}.LastAuthUser`, username);
  localStorage.setItem(
    `${prefix}.${username}.idToken`,
    jwt({ sub: username, email, 'cognito:username': username, token_use: 'id', iat: now, exp: now + 3600 }),
  );
  localStorage.setItem(
    `${prefix}.${username}.accessToken`,
    jwt({ sub: username, username, token_use: 'access', iat: now, exp: now + 3600 }),
  );
  localStorage.setItem(`${prefix}.${username}.refreshToken`, 'opaque-refresh-token');
  localStorage.setItem(`${prefix}.${username}.clockDrift`, '0');
}

/** GetUser's answer for `email` with the second factors `mfa` turned on (the first preferred). */
export const userData =
  (email: string, mfa: ('SOFTWARE_TOKEN_MFA' | 'SMS_MFA')[] = []) =>
  () =>
    HttpResponse.json({
      Username: USERNAME,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
      UserMFASettingList: mfa,
      ...(mfa[0] ? { PreferredMfaSetting: mfa[0] } : {}),
    });
