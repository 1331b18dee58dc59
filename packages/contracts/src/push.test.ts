import { describe, expect, it } from 'vitest';
import { parseWebPushSubscription, pushTransportOf } from './push.ts';

const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

describe(pushTransportOf.name, () => {
  it.each([
    ['web', 'anything', 'webpush'],
    ['earningshub-android', '{"endpoint":"https://x.example"}', 'webpush'],
    ['earningshub-ios', 'a1b2'.repeat(16), 'apns'],
    ['other-ios', 'a1b2'.repeat(16), 'apns'],
    ['earningshub-android', 'fcm:token', 'fcm'],
    ['earningshub', 'fcm-token-abcdefgh', 'fcm'],
  ])('%s %s → %s', (appName, token, transport) => {
    expect(pushTransportOf(appName, token)).toBe(transport);
  });
});

describe(parseWebPushSubscription.name, () => {
  it('keeps the endpoint, the keys and the expiry, and nothing else', () => {
    const token = JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys, extra: 1 });
    expect(parseWebPushSubscription(token)).toEqual({
      ok: true,
      subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', expirationTime: null, keys },
    });
  });

  it('refuses http, addresses and localhost when registering, but reads them when sending', () => {
    for (const endpoint of ['http://push.example/x', 'https://127.0.0.1/x', 'https://[::1]/x', 'https://localhost/x']) {
      const token = JSON.stringify({ endpoint, keys });
      expect(parseWebPushSubscription(token)).toMatchObject({ ok: false, field: 'body.token.endpoint' });
      expect(parseWebPushSubscription(token, 'send')).toMatchObject({ ok: true });
    }
  });

  it('names the key that is wrong', () => {
    const endpoint = 'https://updates.push.services.mozilla.com/wpush/v2/x';
    const of = (k: unknown) => parseWebPushSubscription(JSON.stringify({ endpoint, keys: k }));
    expect(of(null)).toMatchObject({ field: 'body.token.keys' });
    expect(of({ auth: keys.auth, p256dh: 'short' })).toMatchObject({ field: 'body.token.keys.p256dh' });
    expect(of({ p256dh: keys.p256dh, auth: 7 })).toMatchObject({ field: 'body.token.keys.auth' });
  });
});
