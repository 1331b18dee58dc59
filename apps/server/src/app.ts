import { randomUUID } from 'node:crypto';
import { ClientHeader } from '@eh/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAppLinks } from './http/app-links.ts';
import { loggerOptions } from './http/console-log.ts';
import { registerDocs } from './http/docs.ts';
import { registerSecurity } from './http/security.ts';
import { registerWebApp } from './http/static.ts';
import { noteRequest } from './kernel/activity.ts';
import type { AppContext } from './kernel/context.ts';
import { registerCompression } from './kernel/http/compression.ts';
import { frameworkErrors, registerErrorHandling } from './kernel/http/errors.ts';
import { ROLES } from './roles/index.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Builds the HTTP server for the given context; plugins load external → app → routes. */
export async function buildServer(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: ClientHeader.requestId,
    genReqId: (req) => {
      const given = req.headers[ClientHeader.requestId];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
    // Fastify's 10 s is a bound on a hung plugin, not on a slow machine: registering every module's routes and
    // schemas took longer than that on a 2-core machine starting two servers beside other work, and the start failed.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.addHook('onSend', async (request, reply) => {
    reply.header(ClientHeader.requestId, request.id);
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    noteRequest();
    done();
  });
  registerErrorHandling(app);

  await registerSecurity(app, config);
  await registerCompression(app);
  await registerDocs(app, config.APP_NAME);
  for (const name of config.ROLES) await ROLES[name].register(app);
  await registerAppLinks(app, config);
  await registerWebApp(app, ctx);
  return app;
}
