import { ErrorCode } from '@eh/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The site's pages that open in the native apps instead of the browser (docs/native.md): a symbol's pages, a
 * transcript, a news article, the calendar and the earnings lists, calls, My Stocks, EHS and an event (the pages
 * notices link to: modules/notifications/triggers/messages.ts NOTICE_PATHS). Android declares the same paths in
 * apps/web/android/app/src/main/AndroidManifest.xml (app-links.test.ts compares them); iOS reads them from here.
 */
export const APP_LINK_PATHS = [
  { android: 'pathPrefix', path: '/quote/', ios: '/quote/*' },
  { android: 'pathPrefix', path: '/transcripts/', ios: '/transcripts/*' },
  { android: 'pathPrefix', path: '/news/', ios: '/news/*' },
  { android: 'pathPrefix', path: '/earnings', ios: '/earnings*' },
  { android: 'pathPrefix', path: '/calls', ios: '/calls*' },
  { android: 'pathPrefix', path: '/my-stocks', ios: '/my-stocks*' },
  { android: 'pathPrefix', path: '/ehs', ios: '/ehs*' },
  { android: 'pathPattern', path: '/.*/events/.*', ios: '/*/events/*' },
] as const;

/** iOS 14+'s apple-app-site-association: these apps open these paths of this host. */
export function appleAppSiteAssociation(appIds: string[]) {
  return {
    applinks: {
      details: [{ appIDs: appIds, components: APP_LINK_PATHS.map(({ ios }) => ({ '/': ios })) }],
    },
  };
}

/** Android's Digital Asset Links statement: this app, signed by these certificates, handles this host's links. */
export function assetLinks(packageName: string, fingerprints: string[]) {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: packageName, sha256_cert_fingerprints: fingerprints },
    },
  ];
}

/** Apple's CDN and Android's verifier fetch these at install and now and then after: an hour's cache is plenty. */
const CACHE_CONTROL = 'public, max-age=3600';

function sendJson(reply: FastifyReply, body: unknown) {
  return reply.header('cache-control', CACHE_CONTROL).type('application/json').send(JSON.stringify(body));
}

function notConfigured(reply: FastifyReply, url: string, variable: string) {
  return reply.status(404).send({ message: `${url} is not served: ${variable} is not set`, code: ErrorCode.notFound });
}

/**
 * GET /.well-known/apple-app-site-association and /.well-known/assetlinks.json, from the configuration
 * (APP_LINKS_*): both at the site's root, public, JSON, never redirected (Apple and Android refuse redirects).
 */
export async function registerAppLinks(app: FastifyInstance, config: Config) {
  const apple = config.APP_LINKS_IOS_APP_IDS;
  const android = config.APP_LINKS_ANDROID_SHA256;
  app.get('/.well-known/apple-app-site-association', async (request, reply) =>
    apple
      ? sendJson(reply, appleAppSiteAssociation(apple))
      : notConfigured(reply, request.url.split('?')[0] ?? '', 'APP_LINKS_IOS_APP_IDS'),
  );
  app.get('/.well-known/assetlinks.json', async (request, reply) =>
    android
      ? sendJson(reply, assetLinks(config.APP_LINKS_ANDROID_PACKAGE, android))
      : notConfigured(reply, request.url.split('?')[0] ?? '', 'APP_LINKS_ANDROID_SHA256'),
  );
}
