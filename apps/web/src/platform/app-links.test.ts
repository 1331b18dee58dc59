import { describe, expect, it } from 'vitest';
import { fetchAppLinks, parseAppLinks } from './app-links.ts';

describe(parseAppLinks.name, () => {
  it('keeps https store addresses', () => {
    expect(
      parseAppLinks({
        appStore: 'https://apps.apple.com/app/id123',
        googlePlay: 'https://play.google.com/store/apps/details?id=com.earningshub.app',
      }),
    ).toEqual({
      appStore: 'https://apps.apple.com/app/id123',
      googlePlay: 'https://play.google.com/store/apps/details?id=com.earningshub.app',
    });
  });

  it('treats anything else as not listed', () => {
    expect(parseAppLinks({ appStore: 'javascript:alert(1)', googlePlay: 'http://play.google.com/x' })).toEqual({
      appStore: null,
      googlePlay: null,
    });
    expect(parseAppLinks(null)).toEqual({ appStore: null, googlePlay: null });
    expect(parseAppLinks({ appStore: 42, googlePlay: 'not a url' })).toEqual({ appStore: null, googlePlay: null });
  });
});

describe(fetchAppLinks.name, () => {
  it('answers none listed when the file is missing or the network fails', async () => {
    const missing = (async () => new Response('nope', { status: 404 })) as typeof fetch;
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await fetchAppLinks(missing)).toEqual({ appStore: null, googlePlay: null });
    expect(await fetchAppLinks(offline)).toEqual({ appStore: null, googlePlay: null });
  });
});

describe('the offer names only the listed stores', () => {
  it('says iPhone, Android, or both', async () => {
    const { APP_PROMPT_TITLE } = await import('./words.ts');
    expect(APP_PROMPT_TITLE('EarningsHub', { appStore: true, googlePlay: true })).toBe(
      'EarningsHub for iPhone and Android',
    );
    expect(APP_PROMPT_TITLE('EarningsHub', { appStore: true, googlePlay: false })).toBe('EarningsHub for iPhone');
    expect(APP_PROMPT_TITLE('EarningsHub', { appStore: false, googlePlay: true })).toBe('EarningsHub for Android');
  });
});
