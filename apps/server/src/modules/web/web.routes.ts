import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { variantFindByKey } from '@piranha/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app-error.ts';
import { variantOfRequest } from '../../plugins/request-context.ts';
import { brandIconSvg, indexHtmlRender, indexTemplateLoad } from './index-html.ts';

/** Serves the built web app: index.html per brand, hashed assets cached for a year, brand icons. */
export async function webRoutes(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const template = indexTemplateLoad(webDist);
  const sendIndex = (request: Parameters<typeof variantOfRequest>[0]) => indexHtmlRender(template, variantOfRequest(request));

  app.get('/', async (request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(sendIndex(request)));
  app.get('/index.html', async (request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(sendIndex(request)));

  app.get<{ Params: { file: string } }>('/brand/:file', async (request, reply) => {
    const variant = variantFindByKey(request.params.file.replace(/\.svg$/, ''));
    if (!variant || !request.params.file.endsWith('.svg')) throw new AppError('NOT_FOUND', { field: 'path' });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(brandIconSvg(variant));
  });

  if (webDist && existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: true,
      setHeaders: (response, path) => {
        response.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }
}
