import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ErrorCode } from '@eh/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../kernel/context.ts';
import { sendPage } from '../kernel/http/compression.ts';
import { loadPageHeads, lookUpPage, rememberedPageLookups, withPageHead } from './page-head.ts';
import { CONTENT_SECURITY_POLICY, EMBEDDABLE_PATH, isServicePath, pathOf } from './security.ts';

/** Requests for these are files, never pages: a miss is a 404. Symbols like BRK.B are pages. */
const FILE_EXTENSION = /\.(js|mjs|css|map|json|png|jpe?g|gif|svg|webp|avif|ico|txt|xml|woff2?|ttf|webmanifest|wasm)$/i;

function embedCsp(): string {
  const directives = { ...CONTENT_SECURITY_POLICY, frameAncestors: ['*'] };
  return Object.entries(directives)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${(value ?? []).join(' ')}`)
    .join(';');
}

/**
 * The navigation bar's frame index.html paints before any script runs (apps/web/index.html). The embed has no site
 * chrome, so its copy of the page goes out without it (a frame flashing in someone else's iframe).
 */
const BOOT_BAR = /<div class="boot-bar"[\s\S]*?<\/div>/;

/**
 * An address with an empty segment (`//`, `/quote//AAPL`) goes to the same address with single slashes. The
 * result starts with one slash and carries no backslash (`/\\host` is another site to a browser): never off-site.
 */
function collapsedSlashes(url: string): string {
  const path = pathOf(url);
  return `${path.replace(/\/{2,}/g, '/').replaceAll('\\', '%5C')}${url.slice(path.length)}`;
}

function notFoundJson(reply: FastifyReply, method: string, url: string) {
  return reply
    .status(404)
    .send({ message: `Route ${method} ${url.split('?')[0]} not found`, code: ErrorCode.notFound });
}

/** Serves the built web app with an SPA fallback; unknown API paths get the JSON 404. */
export async function registerWebApp(app: FastifyInstance, ctx: AppContext) {
  const root = resolve(ctx.config.WEB_DIST);
  const heads = await loadPageHeads();
  const lookUp = heads ? rememberedPageLookups((path) => lookUpPage(ctx, heads, path)) : null;
  const hasApp = existsSync(resolve(root, 'index.html'));
  const embedPolicy = embedCsp();
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServicePath(path);
    if (wantsPage && path.includes('//')) return reply.redirect(collapsedSlashes(request.url), 301);
    if (!wantsPage || !hasApp || FILE_EXTENSION.test(path)) return notFoundJson(reply, request.method, request.url);
    reply.header('cache-control', 'no-cache');
    // An address the app has no page for is a 404 (the app draws its not-found page), as the router decides it.
    const routed = heads ? heads.pageStatus(path, new Date()) : 200;
    reply.status(routed);
    // Read per request, as the static files are: a rebuild is served without a restart.
    const html = await readFile(resolve(root, 'index.html'), 'utf8');
    reply.type('text/html; charset=utf-8');
    if (EMBEDDABLE_PATH.test(path)) {
      reply.header('content-security-policy', embedPolicy);
      reply.removeHeader('x-frame-options');
      return sendPage(request, reply, html.replace(BOOT_BAR, ''));
    }
    if (!heads || !lookUp || routed === 404) return sendPage(request, reply, html);
    try {
      const page = await lookUp(path);
      reply.status(page.status);
      return sendPage(request, reply, withPageHead(ctx, heads, html, path, page.asset));
    } catch (error) {
      // The lookup is a head start, not the page: without it the app still draws everything and finds out itself
      // whether what the page shows exists.
      request.log.warn({ err: error, path }, 'page head failed');
      return sendPage(request, reply, html);
    }
  };
  if (hasApp) {
    await app.register(async (files) => {
      // Pages never reach the file server, which answers addresses that are not plain file names (`//x`, a name
      // too long for the disk) with a 403 of its own: they go to the page handler.
      files.addHook('onRequest', async (request, reply) => {
        const path = pathOf(request.url);
        if (FILE_EXTENSION.test(path) && !path.includes('//')) return;
        await sendShell(request, reply);
        return reply;
      });
      await files.register(fastifyStatic, {
        root,
        // Looked up per request, so a rebuild is served without a restart; misses fall to the handler below.
        wildcard: true,
        // Pages, the home included, go through the handler below, which writes each page's head into the shell.
        index: false,
        // The build writes .br and .gz beside each text file (apps/web/scripts/precompress.ts).
        preCompressed: true,
        setHeaders(res, path) {
          // Vite fingerprints everything under assets/: cache it for a year; everything else revalidates.
          res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  } else {
    app.log.warn({ webDist: root }, 'web app not built: run `npm run build` to serve it');
  }
  app.get('/', sendShell);
  app.setNotFoundHandler(sendShell);
}
