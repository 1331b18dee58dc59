import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { NOTICE_PATHS } from '../modules/notifications/index.ts';
import { APP_LINK_PATHS, appleAppSiteAssociation, assetLinks, registerAppLinks } from './app-links.ts';

const MANIFEST = join(import.meta.dirname, '../../../web/android/app/src/main/AndroidManifest.xml');
const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join(':');

/** Android's matching: pathPrefix is a prefix, pathPattern's `.*` any run of characters (the whole path). */
const androidOpens = (path: string) =>
  APP_LINK_PATHS.some((entry) =>
    entry.android === 'pathPrefix'
      ? path.startsWith(entry.path)
      : new RegExp(`^${entry.path.replaceAll('/', '\\/')}$`).test(path),
  );
/** Apple's components: `*` any run of characters, `?` one, matched against the whole path. */
const iosOpens = (path: string) =>
  appleAppSiteAssociation(['ABCDE12345.com.earningshub.app']).applinks.details[0]?.components.some((component) =>
    new RegExp(`^${component['/'].replaceAll('*', '.*').replaceAll('?', '.')}$`).test(path),
  );

describe('APP_LINK_PATHS', () => {
  it('are the paths AndroidManifest.xml verifies (the iOS file is made from them)', () => {
    const manifest = readFileSync(MANIFEST, 'utf8');
    const filter = /<intent-filter android:autoVerify="true">([\s\S]*?)<\/intent-filter>/.exec(manifest)?.[1] ?? '';
    const declared = [...filter.matchAll(/android:(pathPrefix|pathPattern)="([^"]+)"/g)].map(([, kind, path]) => ({
      kind,
      path,
    }));
    expect(declared).toEqual(APP_LINK_PATHS.map(({ android, path }) => ({ kind: android, path })));
  });

  it('open the pages notices link to, in both apps, and never the services, sign-in or the home page', () => {
    const opened = [
      NOTICE_PATHS.earnings('AAPL'),
      NOTICE_PATHS.analysts('BRK.B'),
      NOTICE_PATHS.dividends('MSFT'),
      NOTICE_PATHS.event('AAPL', 42),
      NOTICE_PATHS.transcript('f-1'),
      NOTICE_PATHS.myStocks(),
      '/quote/AAPL',
      '/news/123/apple-beats',
      '/earnings-calendar/this-week',
      '/calls',
      '/ehs',
    ];
    for (const path of opened) {
      expect(androidOpens(path), path).toBe(true);
      expect(iosOpens(path), path).toBe(true);
    }
    for (const path of ['/', '/api/core/users/me', '/idp/oauth2/authorize', '/signin', '/pricing', '/embed/calendar']) {
      expect(androidOpens(path), path).toBe(false);
      expect(iosOpens(path), path).toBe(false);
    }
  });
});

describe(registerAppLinks.name, () => {
  async function serve(env: Record<string, string>) {
    const app = Fastify();
    await registerAppLinks(app, loadConfig({ DATA_DIR: '/tmp/eh-app-links-unit', ...env }));
    return app;
  }

  it('serves both files as JSON from the configuration', async () => {
    const app = await serve({
      APP_LINKS_IOS_APP_IDS: 'ABCDE12345.com.earningshub.app',
      APP_LINKS_ANDROID_SHA256: FINGERPRINT,
    });
    const apple = await app.inject('/.well-known/apple-app-site-association');
    expect(apple.statusCode).toBe(200);
    expect(apple.headers['content-type']).toMatch(/^application\/json/);
    expect(apple.headers['cache-control']).toBe('public, max-age=3600');
    expect(apple.json()).toEqual(appleAppSiteAssociation(['ABCDE12345.com.earningshub.app']));
    expect(apple.json().applinks.details[0].components).toContainEqual({ '/': '/quote/*' });

    const android = await app.inject('/.well-known/assetlinks.json');
    expect(android.statusCode).toBe(200);
    expect(android.headers['content-type']).toMatch(/^application\/json/);
    // Fingerprints as keytool prints them (upper case), whatever case they were given in.
    expect(android.json()).toEqual(assetLinks('com.earningshub.app', [FINGERPRINT.toUpperCase()]));
    expect(android.json()[0].target.package_name).toBe('com.earningshub.app');
    await app.close();
  });

  it('answers 404 naming the variable when a platform is not configured', async () => {
    const app = await serve({});
    for (const [path, variable] of [
      ['/.well-known/apple-app-site-association', 'APP_LINKS_IOS_APP_IDS'],
      ['/.well-known/assetlinks.json?x=1', 'APP_LINKS_ANDROID_SHA256'],
    ] as const) {
      const res = await app.inject(path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.stringContaining(variable), code: 'NOT_FOUND' });
      expect(res.json().message).not.toContain('?x=1');
    }
    await app.close();
  });

  it.each([
    ['APP_LINKS_IOS_APP_IDS', 'com.earningshub.app'],
    ['APP_LINKS_IOS_APP_IDS', 'abcde12345.com.earningshub.app'],
    ['APP_LINKS_ANDROID_SHA256', 'AB:CD'],
    ['APP_LINKS_ANDROID_SHA256', `${FINGERPRINT}:00`],
    ['APP_LINKS_ANDROID_PACKAGE', 'earningshub'],
    ['APP_LINKS_ANDROID_PACKAGE', 'com.earnings hub.app'],
  ])('refuses %s=%s at start, naming it', (variable, value) => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/eh-app-links-unit', [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp/eh-app-links-unit', [variable]: value })).toThrow(variable);
  });
});
