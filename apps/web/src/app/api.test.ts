import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiError,
  api,
  clientHeaders,
  errorMessage,
  errorStatus,
  fieldErrors,
  NETWORK_ERROR_MESSAGES,
  resolveApiBaseUrl,
  sessionToRestore,
  setAuthTokenProvider,
} from '../shared/api.ts';
import { SESSION_KEY_PREFIX } from '../shared/auth-config.ts';
import { signedIn, signedOut } from '../shared/auth-slice.ts';
import { REQUEST_TIMEOUT_MS, SESSION_RESTORE_WAIT_MS } from '../shared/constants.ts';
import { makeStore } from './store.ts';

describe(clientHeaders.name, () => {
  it('names the platform and build on every call', () => {
    expect(clientHeaders({ platform: 'web', build: 211, tokens: null })).toEqual({
      'x-client-platform': 'web',
      'x-client-build': '211',
    });
  });

  it('adds the bearer identity token and the access token when signed in', () => {
    expect(
      clientHeaders({ platform: 'ios', build: 211, tokens: { idToken: 'id.jwt', accessToken: 'access.jwt' } }),
    ).toEqual({
      'x-client-platform': 'ios',
      'x-client-build': '211',
      authorization: 'Bearer id.jwt',
      'x-access-token': 'access.jwt',
    });
  });

  it('sends no access-token header without an access token', () => {
    const headers = clientHeaders({ platform: 'web', build: 211, tokens: { idToken: 'id.jwt' } });
    expect(headers.authorization).toBe('Bearer id.jwt');
    expect(headers).not.toHaveProperty('x-access-token');
  });
});

describe(resolveApiBaseUrl.name, () => {
  it('resolves a relative base against the page', () => {
    expect(resolveApiBaseUrl('/api', 'https://earningshub.example/quote/AAPL')).toBe('https://earningshub.example/api');
  });

  it('keeps an absolute base and drops a trailing slash', () => {
    expect(resolveApiBaseUrl('https://api.example.com/v1/', 'capacitor://localhost/')).toBe(
      'https://api.example.com/v1',
    );
  });

  it('works without a page (Node)', () => {
    expect(resolveApiBaseUrl('/api', undefined)).toBe('http://localhost/api');
  });
});

describe(errorMessage.name, () => {
  it('reads data.message of an error body', () => {
    const error: ApiError = { status: 400, data: { message: 'body.message: Too small', code: 'VALIDATION_ERROR' } };
    expect(errorMessage(error)).toBe('body.message: Too small');
  });

  it('explains failures without a body', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe(NETWORK_ERROR_MESSAGES.FETCH_ERROR);
    expect(errorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toBe(NETWORK_ERROR_MESSAGES.TIMEOUT_ERROR);
    expect(errorMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' })).toBe(
      NETWORK_ERROR_MESSAGES.PARSING_ERROR,
    );
    expect(errorMessage({ status: 503, data: 'unavailable' }, 'Could not load flags.')).toBe(
      'Could not load flags. (HTTP 503)',
    );
  });

  it('reads a serialized error and falls back when there is nothing', () => {
    expect(errorMessage({ message: 'Boom' })).toBe('Boom');
    expect(errorMessage(undefined, 'Nothing')).toBe('Nothing');
  });
});

describe(fieldErrors.name, () => {
  it('maps the server’s field details to form fields', () => {
    const error: ApiError = {
      status: 400,
      data: {
        message: 'body.message: Too small',
        code: 'VALIDATION_ERROR',
        details: [
          { field: 'body.message', message: 'Too small: expected string to have >=10 characters' },
          { field: 'body.email', message: 'Invalid email address' },
          { field: 'body.email', message: 'second message is ignored' },
          { nonsense: true },
        ],
      },
    };
    expect(fieldErrors(error)).toEqual({
      message: 'Too small: expected string to have >=10 characters',
      email: 'Invalid email address',
    });
  });

  it('is empty for errors without details', () => {
    expect(fieldErrors({ status: 'FETCH_ERROR', error: 'x' })).toEqual({});
    expect(fieldErrors({ status: 500, data: { message: 'Internal server error', code: 'INTERNAL_ERROR' } })).toEqual(
      {},
    );
    expect(fieldErrors(undefined)).toEqual({});
  });
});

describe('base query', () => {
  const probe = api.injectEndpoints({
    endpoints: (build) => ({ probe: build.query<unknown, string>({ query: (path) => path }) }),
  });
  let respond: (request: Request) => Promise<Response>;
  const requests: Request[] = [];

  beforeEach(() => {
    requests.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        requests.push(request);
        return respond(request);
      }),
    );
  });
  afterEach(() => {
    setAuthTokenProvider(null);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the tokens the provider gives', async () => {
    respond = async () => Response.json({ ok: true });
    setAuthTokenProvider(async () => ({ idToken: 'id-1', accessToken: 'access-1' }));
    const store = makeStore();
    await store.dispatch(probe.endpoints.probe.initiate('/core/users/me'));
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer id-1');
    expect(requests[0]?.headers.get('x-access-token')).toBe('access-1');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/core/users/me');
  });

  it('surfaces the HTTP status and the error body', async () => {
    respond = async () => Response.json({ message: 'Developer tools are off', code: 'FORBIDDEN' }, { status: 403 });
    const result = await makeStore().dispatch(probe.endpoints.probe.initiate('/core/dev/outbox'));
    expect(errorStatus(result.error)).toBe(403);
    expect(errorMessage(result.error)).toBe('Developer tools are off');
  });

  it('reports PARSING_ERROR for a body that is not JSON', async () => {
    respond = async () => new Response('<html>proxy error</html>', { status: 200 });
    const result = await makeStore().dispatch(probe.endpoints.probe.initiate('/health'));
    expect(result.error && 'status' in result.error && result.error.status).toBe('PARSING_ERROR');
  });

  it('reports FETCH_ERROR when the network fails', async () => {
    respond = async () => {
      throw new TypeError('fetch failed');
    };
    const result = await makeStore().dispatch(probe.endpoints.probe.initiate('/health?x=1'));
    expect(result.error && 'status' in result.error && result.error.status).toBe('FETCH_ERROR');
  });

  it(`reports TIMEOUT_ERROR after ${REQUEST_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    respond = (request) =>
      new Promise((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const pending = makeStore().dispatch(probe.endpoints.probe.initiate('/health?slow=1'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 10);
    const result = await pending;
    expect(result.error && 'status' in result.error && result.error.status).toBe('TIMEOUT_ERROR');
  });

  describe('with a stored session still being restored', () => {
    const storage = (keys: string[], values: Record<string, string> = {}) => ({
      length: keys.length,
      key: (i: number) => keys[i] ?? null,
      getItem: (key: string) => values[key] ?? null,
    });
    beforeEach(() => {
      vi.stubGlobal('localStorage', storage([`${SESSION_KEY_PREFIX}LastAuthUser`]));
      respond = async () => Response.json({ ok: true });
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

    it('holds requests until the tokens are installed, then sends them signed in', async () => {
      const store = makeStore();
      const pending = store.dispatch(probe.endpoints.probe.initiate('/pricing/indexes/eh500'));
      await settle();
      expect(requests).toHaveLength(0);
      setAuthTokenProvider(() => ({ idToken: 'restored-id', accessToken: 'restored-access' }));
      await pending;
      expect(requests[0]?.headers.get('authorization')).toBe('Bearer restored-id');
      expect(requests[0]?.headers.get('x-access-token')).toBe('restored-access');
    });

    it('sends them anonymous once the visitor turns out signed out', async () => {
      const store = makeStore();
      const pending = store.dispatch(probe.endpoints.probe.initiate('/pricing/indexes/eh500?a=1'));
      await settle();
      expect(requests).toHaveLength(0);
      store.dispatch(signedOut());
      await pending;
      expect(requests[0]?.headers.get('authorization')).toBeNull();
    });

    it(`waits at most ${SESSION_RESTORE_WAIT_MS} ms`, async () => {
      vi.useFakeTimers();
      const pending = makeStore().dispatch(probe.endpoints.probe.initiate('/pricing/indexes/eh500?b=1'));
      await vi.advanceTimersByTimeAsync(SESSION_RESTORE_WAIT_MS + 10);
      await pending;
      expect(requests).toHaveLength(1);
    });

    it('sends the stored tokens at once while they are valid, and waits for the client when they are not', async () => {
      const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;
      const user = 'pro@demo.earningshub.dev';
      const stored = (idToken: string) => {
        const values = {
          [`${SESSION_KEY_PREFIX}LastAuthUser`]: user,
          [`${SESSION_KEY_PREFIX}${user}.idToken`]: idToken,
          [`${SESSION_KEY_PREFIX}${user}.accessToken`]: 'stored-access',
        };
        vi.stubGlobal('localStorage', storage(Object.keys(values), values));
      };
      const valid = jwt(Math.floor(Date.now() / 1000) + 3600);
      stored(valid);
      await makeStore().dispatch(probe.endpoints.probe.initiate('/pricing/indexes/eh500?e=1'));
      expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${valid}`);
      expect(requests[0]?.headers.get('x-access-token')).toBe('stored-access');

      stored(jwt(Math.floor(Date.now() / 1000) + 30));
      const pending = makeStore().dispatch(probe.endpoints.probe.initiate('/pricing/indexes/eh500?e=2'));
      await settle();
      expect(requests).toHaveLength(1);
      setAuthTokenProvider(() => ({ idToken: 'refreshed-id' }));
      await pending;
      expect(requests[1]?.headers.get('authorization')).toBe('Bearer refreshed-id');
    });

    it('does not wait for a visitor without a stored session', async () => {
      vi.stubGlobal('localStorage', storage(['theme']));
      await makeStore().dispatch(probe.endpoints.probe.initiate('/pricing/indexes/eh500?c=1'));
      expect(requests).toHaveLength(1);
    });
  });

  it('refetches the plan-gated answers when the visitor signs in during the visit', async () => {
    let calls = 0;
    respond = async () => Response.json({ call: ++calls });
    const gated = api.injectEndpoints({
      endpoints: (build) => ({
        gatedProbe: build.query<{ call: number }, string>({ query: (path) => path, providesTags: ['MarketData'] }),
      }),
    });
    const store = makeStore();
    store.dispatch(signedOut());
    const subscription = store.dispatch(gated.endpoints.gatedProbe.initiate('/pricing/indexes/eh500?d=1'));
    await subscription;
    store.dispatch(signedIn({ email: 'pro@demo.earningshub.dev' }));
    await vi.waitFor(() => expect(calls).toBe(2));
    subscription.unsubscribe();
  });
});

describe(sessionToRestore.name, () => {
  const storage = (keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });
  it('is true with the identity client’s stored keys or a ?token= in the address', () => {
    expect(sessionToRestore(storage([`${SESSION_KEY_PREFIX}LastAuthUser`]), '')).toBe(true);
    expect(sessionToRestore(undefined, '?token=a.b.c')).toBe(true);
    expect(sessionToRestore(storage(['theme', 'lastUrl']), '?theme=dark')).toBe(false);
    expect(sessionToRestore(undefined, '')).toBe(false);
  });
});
