import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { readPackageVersion } from '../lib/version.js';

/** OpenAPI 3.1 generated from the contract's zod schemas, served at /api/openapi.json and /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Streckenpass API',
          description:
            'Schnittstelle von Streckenpass: Streckenkunde von Triebfahrzeugführern erfassen und nachweisen. ' +
            'Anmeldung mit POST /api/login_check, danach das Token als Bearer senden.',
          version: readPackageVersion(),
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearerAuth: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiConfig: { persistAuthorization: true },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs', dependencies: ['security'] },
);
