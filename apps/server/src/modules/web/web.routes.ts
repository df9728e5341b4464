import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { variantFindByKey, type VariantProfile } from '@piranha/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { variantOfRequest } from '../../plugins/request-context.ts';
import { contentCodingChoose, pageEncode, type EncodedPage } from './content-encoding.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ttlCacheCreate, type TtlCache } from '../../lib/ttl-cache.ts';
import { bannerListsBySource, popupListOperator } from '../config/config.service.ts';
import {
  brandIconSvg,
  catalogueFilesLoad,
  FIRST_SCREEN_SOURCES,
  firstScreenTextsLoad,
  indexHtmlRender,
  indexTemplateLoad,
  offlineHtmlRender,
  webClipProfileRender,
  type FirstScreenData,
} from './index-html.ts';

/** Hashed build output (`/assets/<name>-<hash>.<ext>`): its name changes whenever its bytes do. */
const HASHED_ASSET = /^assets\//;
/** A copy the build compressed (`<file>.br`, `<file>.gz`). */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/**
 * Serves the built web app: index.html per brand, static files precompressed at build time (brotli, gzip), hashed
 * assets cached for a year, brand icons.
 */
export interface WebRoutesDeps {
  db: DbOrTx;
  now: () => Date;
}

/** Pages kept rendered and compressed: one per brand and banner set, far more than a deployment ever has live. */
const PAGES_KEPT = 64;
/**
 * How long a brand's first-screen banners and pop-ups are kept: page loads need no rate limit of their own (they are
 * not the API) and a flood of them costs one read of each per brand per TTL; an operator's edit shows within it.
 */
export const FIRST_SCREEN_BANNERS_TTL_MS = 2_000;

export async function webRoutes(app: FastifyInstance, webDist: string | undefined, deps: WebRoutesDeps): Promise<void> {
  const template = indexTemplateLoad(webDist);
  const catalogueFiles = catalogueFilesLoad(webDist);
  const firstScreenTexts = firstScreenTextsLoad(webDist);
  // A page is rendered and compressed once per brand and per banner set it shows (the static first screen, decision
  // 078), then kept: no page is compressed per request while the banners stay as they are.
  const pages = new Map<string, EncodedPage>();
  const pageOf = (variant: VariantProfile, firstScreen: FirstScreenData | undefined): EncodedPage => {
    const key = `${variant.appKey}\n${JSON.stringify(firstScreen ?? null)}`;
    let page = pages.get(key);
    if (!page) {
      if (pages.size >= PAGES_KEPT) pages.delete(pages.keys().next().value as string);
      pages.set(
        key,
        (page = pageEncode(indexHtmlRender(template, variant, catalogueFiles[variant.defaultLang], firstScreen, firstScreenTexts[variant.defaultLang]))),
      );
    }
    return page;
  };
  /**
   * The lobbies' banners and a visitor's pop-ups, read as the banner and pop-up endpoints read them: operators edit
   * those tables themselves (there is no endpoint to hear an edit from), so they are read again after
   * `FIRST_SCREEN_BANNERS_TTL_MS` — a page never shows a banner or pop-up the API stopped answering longer than that —
   * and once per brand at a time however many pages are asked for together. An error leaves the static screen (and
   * the pop-ups: the app then asks for them) out.
   */
  const bannerCaches = new Map<string, TtlCache<FirstScreenData>>();
  const firstScreenOf = async (request: FastifyRequest, variant: VariantProfile): Promise<FirstScreenData | undefined> => {
    if (!webDist) return undefined;
    let cache = bannerCaches.get(variant.appKey);
    if (!cache) {
      const lang = variant.defaultLang;
      cache = ttlCacheCreate(
        FIRST_SCREEN_BANNERS_TTL_MS,
        async () => ({
          lang,
          banners: await bannerListsBySource(deps.db, variant, lang, FIRST_SCREEN_SOURCES, deps.now()),
          // A new visitor's pop-up list (no session: no pop-up messages), for the app's first render (decision 080).
          popups: await popupListOperator(deps.db, variant, lang),
        }),
        () => deps.now().getTime(),
      );
      bannerCaches.set(variant.appKey, cache);
    }
    try {
      return await cache.get();
    } catch (error) {
      request.log.warn({ err: error }, 'first screen: banners unavailable, page served without the static screen');
      return undefined;
    }
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const variant = variantOfRequest(request);
    const page = pageOf(variant, await firstScreenOf(request, variant));
    const coding = contentCodingChoose(request.headers['accept-encoding']);
    // The body depends on Accept-Encoding as well as Host: a shared cache must key on both.
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (coding) void reply.header('content-encoding', coding);
    return reply.send(coding ? page[coding] : page.identity);
  };

  app.get('/', async (request, reply) => sendIndex(request, reply));
  app.get('/index.html', async (request, reply) => sendIndex(request, reply));

  // The offline page the service worker keeps (decision 053), per brand; checked on every install of a new worker.
  app.get('/offline.html', async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(offlineHtmlRender(variantOfRequest(request))),
  );

  // The iOS web clip profile of the brand (spec §2 /download/ios; decision 053): its name, address and 180 px icon.
  app.get('/pwa/webclip.mobileconfig', async (request, reply) => {
    const variant = variantOfRequest(request);
    let icon: Buffer | undefined;
    try {
      icon = webDist ? readFileSync(join(webDist, 'pwa', variant.appKey, 'apple-touch-icon-180.png')) : undefined;
    } catch {
      icon = undefined;
    }
    const origin = `${request.protocol}://${request.host}`;
    return reply
      .type('application/x-apple-aspen-config')
      .header('content-disposition', `attachment; filename="${variant.appKey}.mobileconfig"`)
      .header('cache-control', 'no-cache')
      .send(webClipProfileRender(variant, origin, icon));
  });

  app.get<{ Params: { file: string } }>('/brand/:file', async (request, reply) => {
    const variant = variantFindByKey(request.params.file.replace(/\.svg$/, ''));
    if (!variant || !request.params.file.endsWith('.svg')) throw new AppError('NOT_FOUND', { field: 'path' });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(brandIconSvg(variant));
  });

  if (webDist && existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // Served by the route below, from the build's list of files.
      serve: false,
      // `<file>.br` / `<file>.gz` written beside each file by the build (apps/web/precompress-plugin.ts), chosen by
      // Accept-Encoding (br, then gzip, then the file itself; q=0 refuses a coding) with `Vary: accept-encoding`.
      preCompressed: true,
      setHeaders: (response, path) => {
        const hashed = HASHED_ASSET.test(relative(webDist, path).replaceAll('\\', '/'));
        // The service worker (decision 035) is checked on every load, so a new build's reaches players at once.
        const worker = path.endsWith(`${sep}sw.js`);
        response.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=300');
      },
    });
    // The build's files, read once: a build never changes under a running server (a deployment is a new process).
    // Only a name on this list is served, spelled exactly as it is (@fastify/static's own wildcard route checks the
    // spelling by listing every directory of the path on every request: two listings of /assets' ~1,000 names per
    // script, ~60 ms of the server's CPU per first load of a lobby, the core the player's page needs; decision 099).
    // The compressed copies are reached only through their file's own URL, never under a type of their own.
    const files = webFilesList(webDist);
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: (request, reply) => (files.has(request.params['*']) ? reply.sendFile(request.params['*']) : reply.callNotFound()),
    });
  }
}

/**
 * Every file under `root` by its path from there (`assets/app-1a2b.js`), as the build's precompress plugin lists them
 * (dot folders such as Vite's `.vite/` and dot files left out), without the compressed copies: they are chosen by
 * Accept-Encoding for their file's own URL.
 */
function webFilesList(root: string): ReadonlySet<string> {
  const paths = readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !COMPRESSED_COPY.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .filter((path) => !path.split('/').some((part) => part.startsWith('.')));
  return new Set(paths);
}
