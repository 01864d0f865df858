import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the zod contracts of every route: the swagger plugin
 * collects each route registered after it, so it goes before any.
 */
export async function collectOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: { info: { title: 'qahwa gateway', version: '0.1.0' } },
    transform: jsonSchemaTransform,
    // Registers the contracts' `.meta({ id })` names as components, so `$ref`s resolve.
    transformObject: jsonSchemaTransformObject,
  });
}

/** `GET /openapi.json`: the document itself, left out of the document. */
export function serveOpenApi(app: FastifyInstance) {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
