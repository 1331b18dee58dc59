import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SERVER_VERSION } from '../config.ts';

/** OpenAPI generated from the zod contracts; the UI at /api/docs, the document at /api/docs/json. */
export async function registerDocs(app: FastifyInstance, appName: string) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${appName} API`, version: SERVER_VERSION },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
