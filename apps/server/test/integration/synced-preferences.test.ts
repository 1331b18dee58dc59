import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

/**
 * The client preferences that follow the account (decision 0033): saved by one device through
 * POST /core/users/me/settings, read by another through GET; a bad value is a 400 naming its field and is not stored.
 */
let server: TestServer;
let cara: Awaited<ReturnType<typeof signedInUser>>;
let dan: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  server = await startTestServer();
  cara = await signedInUser(server, 'cara@example.com');
  dan = await signedInUser(server, 'dan@example.com');
});
afterAll(async () => server?.close());

const PATH = '/api/core/users/me/settings';
const save = (headers: Record<string, string>, settings: unknown) => server.api(PATH, json({ settings }, { headers }));
const read = async (headers: Record<string, string>) => (await body(await server.api(PATH, { headers }))).settings;

describe('synced preferences', () => {
  it('round-trips the slideshow delay, side panel width and recent comparisons, merged with what was saved', async () => {
    expect((await save(cara.headers, { onboarding: { status: 'done', step: 3, symbols: [] } })).status).toBe(200);
    const first = await save(cara.headers, { slideshowDelay: 8000, sidePanelWidth: 42.5 });
    expect(first.status).toBe(200);
    const second = await save(cara.headers, { recentComparisons: ['MSFT', 'NVDA'], sidePanelWidth: 45 });
    expect(second.status).toBe(200);
    // Another device (a new request with the same account) reads them all; the onboarding record is kept.
    expect(await read(cara.headers)).toEqual({
      onboarding: { status: 'done', step: 3, symbols: [] },
      slideshowDelay: 8000,
      sidePanelWidth: 45,
      recentComparisons: ['MSFT', 'NVDA'],
    });
    // Another account sees none of them.
    expect(await read(dan.headers)).toEqual({});
  });

  it.each([
    [{ sidePanelWidth: 5 }, 'body.settings.sidePanelWidth'],
    [{ sidePanelWidth: 95 }, 'body.settings.sidePanelWidth'],
    [{ sidePanelWidth: '30' }, 'body.settings.sidePanelWidth'],
    [{ sidePanelWidth: null }, 'body.settings.sidePanelWidth'],
    [{ slideshowDelay: 100 }, 'body.settings.slideshowDelay'],
    [{ slideshowDelay: 10_000_000 }, 'body.settings.slideshowDelay'],
    [{ slideshowDelay: 2500.5 }, 'body.settings.slideshowDelay'],
    [{ slideshowDelay: true }, 'body.settings.slideshowDelay'],
    [{ recentComparisons: 'AAPL' }, 'body.settings.recentComparisons'],
    [{ recentComparisons: ['__proto__'] }, 'body.settings.recentComparisons.0'],
    [{ recentComparisons: ['AA\u0000PL'] }, 'body.settings.recentComparisons.0'],
    [{ recentComparisons: ['\ud800'] }, 'body.settings.recentComparisons.0'],
    [{ recentComparisons: ['X'.repeat(100_000)] }, 'body.settings'],
    [{ recentComparisons: Array.from({ length: 11 }, (_, i) => `S${i}`) }, 'body.settings.recentComparisons'],
  ])('answers 400 to a bad value (case %#) naming %s, and stores nothing', async (settings, field) => {
    const before = await read(dan.headers);
    const res = await save(dan.headers, settings);
    expect(res.status).toBe(400);
    const answer = await body(res);
    expect(answer.code).toBe('VALIDATION_ERROR');
    expect(answer.message.startsWith(field), answer.message).toBe(true);
    expect(await read(dan.headers)).toEqual(before);
  });
});
