/** The OpenAPI document, generated from the route schemas, browsable at /api/docs (JSON at /api/docs/json). */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export default fp<{ version: string }>(
  async (app, { version }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'ShetMitra API', version, description: 'Farm monitoring and advice. Every error body: { statusCode, code, error, message: { english, marathi, hindi }, details? }.' },
        servers: [{ url: '/' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      // Every /api/v1 route needs the bearer token unless it is declared public (app.ts, plugins/auth.ts).
      transform: ({ schema, url, route }) => {
        if (!url.startsWith('/api/v1/') || route.config?.public === true || !schema || schema.hide) return { schema, url };
        return { schema: { ...schema, security: [{ bearer: [] }] }, url };
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false, uiConfig: { docExpansion: 'list', deepLinking: false } });
  },
  { name: 'openapi' },
);
