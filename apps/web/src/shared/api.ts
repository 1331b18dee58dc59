/**
 * The one RTK Query API of the web client (DESIGN §7). Features add endpoints with `api.injectEndpoints`.
 * Every call carries the client platform and build headers, and the identity and access tokens when signed in
 * (SPEC §7); failures surface as FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR or the HTTP status (SPEC §8).
 */
import { ClientHeader, type ClientPlatform, type ErrorBody, WEB_CLIENT_BUILD } from '@eh/contracts';
import type { SerializedError } from '@reduxjs/toolkit';
import {
  buildCreateApi,
  coreModule,
  type FetchBaseQueryError,
  fetchBaseQuery,
  reactHooksModule,
} from '@reduxjs/toolkit/query/react';
import { useDispatch, useStore } from 'react-redux';
import { clientPlatform } from '../platform/platform.ts';
import { SESSION_KEY_PREFIX, TOKEN_PARAM } from './auth-config.ts';
import { API_BASE_URL, KEEP_UNUSED_DATA_FOR_S, REQUEST_TIMEOUT_MS, SESSION_RESTORE_WAIT_MS } from './constants.ts';
import { useTransitionSelector } from './transition-selector.ts';

export interface AuthTokens {
  /** The identity token, sent as `authorization: Bearer …`. */
  idToken: string;
  /** The access token, sent in its own header. */
  accessToken?: string | null;
}

/** Returns the current tokens, or null when signed out. The identity feature installs the real one. */
export type AuthTokenProvider = () => AuthTokens | null | Promise<AuthTokens | null>;

const signedOut: AuthTokenProvider = () => null;
let tokenProvider: AuthTokenProvider = signedOut;

/** Hook point for the identity feature: called before each request. Pass null to go back to signed out. */
export function setAuthTokenProvider(provider: AuthTokenProvider | null): void {
  tokenProvider = provider ?? signedOut;
  sessionSettled();
}

/** The tokens of the moment (the live socket's credential); the provider refreshes expired ones. */
export const currentAuthTokens = (): AuthTokens | null | Promise<AuthTokens | null> => tokenProvider();

/**
 * A stored session (or a `?token=` in the address) is restored after the first render, while the page's queries
 * start at once. Sent before the tokens were in, they went out anonymous and came back plan-gated (a pro member
 * saw EHS locked on /eh500), and nothing asked again. The stored tokens go with them while still valid; otherwise,
 * until the identity feature installs fresh tokens or finds the visitor signed out, such requests wait (at most
 * SESSION_RESTORE_WAIT_MS, then they go out as they are).
 */
let settleRestore: (() => void) | null = null;
let restore: Promise<void> | null = null;

/** The identity feature has decided (tokens installed, or signed out): waiting requests go. */
export function sessionSettled(): void {
  settleRestore?.();
  settleRestore = null;
  restore = null;
}

/** Whether this visit starts with a session to restore: the official client's stored keys or `?token=`. */
export function sessionToRestore(storage: Pick<Storage, 'length' | 'key'> | undefined, search: string): boolean {
  if (new URLSearchParams(search).has(TOKEN_PARAM)) return true;
  if (!storage) return false;
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(SESSION_KEY_PREFIX)) return true;
  return false;
}

/** Seconds a stored identity token must still be valid for to be sent without asking the identity client. */
const STORED_TOKEN_MARGIN_S = 60;

/** The `exp` claim of a JWT, or null when it cannot be read. */
function expiresAt(jwt: string): number | null {
  try {
    const payload = JSON.parse(atob((jwt.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

/**
 * The tokens the identity client stored for its last user, when the identity token is still valid: a visit's
 * first requests send them at once instead of waiting for the client to load (it would return the same ones).
 * Expired ones are left to the client, which refreshes them.
 */
export function storedTokens(storage: Pick<Storage, 'getItem'> | undefined, nowMs: number): AuthTokens | null {
  const user = storage?.getItem(`${SESSION_KEY_PREFIX}LastAuthUser`);
  if (!storage || !user) return null;
  const idToken = storage.getItem(`${SESSION_KEY_PREFIX}${user}.idToken`);
  const exp = idToken ? expiresAt(idToken) : null;
  if (!idToken || exp === null || exp * 1000 <= nowMs + STORED_TOKEN_MARGIN_S * 1000) return null;
  return { idToken, accessToken: storage.getItem(`${SESSION_KEY_PREFIX}${user}.accessToken`) };
}

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function untilSessionSettled(): Promise<void> {
  if (!restore) {
    restore = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, SESSION_RESTORE_WAIT_MS);
      settleRestore = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  return restore;
}

function authUnknown(state: unknown): boolean {
  return (state as { auth?: { status?: string } }).auth?.status === 'unknown';
}

export interface ClientHeaderInputs {
  platform: ClientPlatform;
  build: number;
  tokens: AuthTokens | null;
}

/** The request headers of SPEC §7 (names in contracts/headers.ts, decision 0004). */
export function clientHeaders({ platform, build, tokens }: ClientHeaderInputs): Record<string, string> {
  const headers: Record<string, string> = {
    [ClientHeader.platform]: platform,
    [ClientHeader.build]: String(build),
  };
  if (tokens?.idToken) {
    headers.authorization = `Bearer ${tokens.idToken}`;
    if (tokens.accessToken) headers[ClientHeader.accessToken] = tokens.accessToken;
  }
  return headers;
}

/**
 * The API base as an absolute URL: relative bases ('/api') resolve against the page's origin, so the same code
 * works in the browser, in the Capacitor shell (which sets an absolute base) and in Node tests.
 */
export function resolveApiBaseUrl(base: string, pageUrl: string | undefined): string {
  const resolved = new URL(base, pageUrl ?? 'http://localhost/').href;
  return resolved.endsWith('/') ? resolved.slice(0, -1) : resolved;
}

export const apiBaseUrl = (): string => resolveApiBaseUrl(API_BASE_URL, globalThis.location?.href);

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: async (headers, { getState }) => {
    let tokens: AuthTokens | null = null;
    try {
      tokens = await tokenProvider();
    } catch {
      tokens = null;
    }
    // While the stored session is being restored, its still-valid tokens stand in (see storedTokens).
    if (!tokens && tokenProvider === signedOut && authUnknown(getState())) {
      tokens = storedTokens(browserStorage(), Date.now());
    }
    for (const [name, value] of Object.entries(
      clientHeaders({ platform: clientPlatform(), build: WEB_CLIENT_BUILD, tokens }),
    )) {
      headers.set(name, value);
    }
    return headers;
  },
});

/**
 * Each request is prepared in a task of its own. Queries start from effects, and a page's first commit starts a
 * dozen at once: preparing them (headers, the tokens, the Request) inside that commit's task added tens of
 * milliseconds to the page's longest task on a phone, while a task apart costs the request a few milliseconds.
 */
const baseQuery: typeof rawBaseQuery = async (args, queryApi, extraOptions) => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (
    tokenProvider === signedOut &&
    authUnknown(queryApi.getState()) &&
    sessionToRestore(browserStorage(), globalThis.location?.search ?? '') &&
    !storedTokens(browserStorage(), Date.now())
  ) {
    await untilSessionSettled();
  }
  return rawBaseQuery(args, queryApi, extraOptions);
};

/** The tag of every answer the caller's plan can trim: a sign-in refetches them (store.ts). */
export const PLAN_GATED_TAG = 'MarketData';
export const TAG_TYPES = ['Flags', 'ReleaseNotes', 'AppInfo', 'Outbox', PLAN_GATED_TAG] as const;

/** RTK Query whose hooks re-render in transitions (transition-selector.ts). */
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ hooks: { useDispatch, useSelector: useTransitionSelector, useStore } }),
);

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  refetchOnReconnect: true,
  keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_S,
  endpoints: () => ({}),
});

export type ApiError = FetchBaseQueryError | SerializedError;

function isErrorBody(data: unknown): data is Pick<ErrorBody, 'message'> & Partial<ErrorBody> {
  return typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string';
}

/** Statuses of failures that never reached a JSON answer (SPEC §8). */
export const NETWORK_ERROR_MESSAGES = {
  FETCH_ERROR: 'Could not reach the server. Check your connection and try again.',
  TIMEOUT_ERROR: 'The server took too long to answer. Try again in a moment.',
  PARSING_ERROR: 'The server sent an answer we could not read.',
} as const;

/** What to tell the user about a failed call: the server's `data.message` when there is one (SPEC §8). */
export function errorMessage(error: ApiError | undefined | null, fallback = 'Something went wrong.'): string {
  if (!error) return fallback;
  if ('status' in error) {
    if (isErrorBody(error.data)) return error.data.message;
    if (typeof error.status === 'number') return `${fallback} (HTTP ${error.status})`;
    if (error.status === 'CUSTOM_ERROR') return error.error || fallback;
    return NETWORK_ERROR_MESSAGES[error.status] ?? fallback;
  }
  return error.message ?? fallback;
}

/** The HTTP status of a failed call, or undefined when it never got one. */
export function errorStatus(error: ApiError | undefined | null): number | undefined {
  return error && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

/**
 * Field messages of a 400: the server names each failing field as `body.<field>` (or `query.<field>`) in
 * `details`. Returns field → message for the fields of the request body or query.
 */
export function fieldErrors(error: ApiError | undefined | null): Record<string, string> {
  if (!error || !('status' in error) || !isErrorBody(error.data)) return {};
  const details = error.data.details;
  if (!Array.isArray(details)) return {};
  const out: Record<string, string> = {};
  for (const issue of details) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { field, message } = issue as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    const name = field.replace(/^(body|query|path)\./, '');
    if (name && !(name in out)) out[name] = message;
  }
  return out;
}
