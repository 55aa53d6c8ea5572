import {
  CDN_SETTINGS_PATH,
  routes,
  type DomainSettings,
  type SettingWithSportTree,
  type SportTreeEntry,
} from '@backlay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../platform/http/app-error';
import { defineRoute } from '../platform/http/define-route';
import type { Domain } from './domain-repository';
import { siteImagesRoutes } from './site-images-routes';
import { siteSettingsRoutes } from './site-settings-routes';

/**
 * This server's own address as the request reached it: scheme and host, through the proxies
 * TRUST_PROXY believes (Fastify's `req.protocol` and `req.host` read X-Forwarded-Proto and
 * X-Forwarded-Host only from trusted hops; otherwise the connection and the Host header).
 */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** A path on this server ('/logo.svg') as an absolute URL; a URL that has a scheme stays as it is. */
function absolute(url: string, origin: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? origin + url : url;
}

/**
 * The settings as they travel: the logo, the favicon and the slider images as absolute URLs on this
 * server, so a client served from another origin (the family's V1 client, a CDN) shows them.
 */
export function settingsForRequest(settings: DomainSettings, req: FastifyRequest): DomainSettings {
  const origin = requestOrigin(req);
  return {
    ...settings,
    favicon: absolute(settings.favicon, origin),
    mainLogo: absolute(settings.mainLogo, origin),
    sliderImages: settings.sliderImages.map((i) => ({ ...i, imageUrl: absolute(i.imageUrl, origin) })),
  };
}

export async function settingsRoutes(
  app: FastifyInstance,
  opts: {
    sportTree: () => SportTreeEntry[];
    /** The domain's active visible bonuses (the bonus feature's); none without it. */
    bonuses?: (domainId: number) => Promise<SettingWithSportTree['bonuses']>;
    /**
     * The casino games of a domain: every provider's that answered in time, less those the site
     * switched off (the casino feature's); none without it.
     */
    games?: (domainId: number) => Promise<SettingWithSportTree['games']>;
  },
) {
  /** ?domain= may name another host (the client's secondary source); default: this request's. */
  async function domainFor(name: string | undefined, fallback: Domain): Promise<Domain> {
    if (!name) return fallback;
    const domain = await app.domains.bySettingsName(name);
    if (!domain) throw new AppError('DOMAIN_UNKNOWN');
    return domain;
  }

  // The white-label settings file the client loads first, named after its host.
  app.get<{ Params: { file: string } }>(`${CDN_SETTINGS_PATH}/:file`, async (req, reply) => {
    const match = /^(.{1,253})\.json$/i.exec(req.params.file);
    if (!match?.[1]) throw new AppError('NOT_FOUND');
    const domain = await app.domains.bySettingsName(match[1].toLowerCase());
    if (!domain) throw new AppError('DOMAIN_UNKNOWN');
    reply.header('cache-control', 'public, max-age=60');
    return { success: true, result: settingsForRequest(domain.settings, req), error: null };
  });

  const getSetting = async ({
    query,
    req,
  }: {
    query: { domain?: string | undefined };
    req: FastifyRequest;
  }) => settingsForRequest((await domainFor(query.domain, req.domain)).settings, req);
  defineRoute(app, routes.getSetting, getSetting);
  // The family's V1 name for the same call: that client reads it first and stops on a failure.
  defineRoute(app, routes.getDomainSetting, getSetting);

  defineRoute(app, routes.getSettingWithSportTree, async ({ query, req }) => {
    const domain = await domainFor(query.domain, req.domain);
    return {
      setting: settingsForRequest(domain.settings, req),
      events: opts.sportTree(),
      bonuses: opts.bonuses ? await opts.bonuses(domain.id) : [],
      games: opts.games && domain.settings.casino ? await opts.games(domain.id) : [],
      tv: [],
    };
  });

  defineRoute(app, routes.clientIp, async ({ req }) => ({ ip: req.ip }));

  // In the player's language where the operator translated the page, else in English (it says which).
  defineRoute(app, routes.getPageContent, async ({ query, req }) => {
    const page = req.domain.content[query.page];
    if (!page) throw new AppError('NOT_FOUND', 'This page has not been written yet.');
    const language = query.lang ?? 'en';
    const translated = language === 'en' ? undefined : page.translations?.[language];
    const text = translated ?? page;
    return {
      page: query.page,
      title: text.title,
      sections: text.sections,
      updatedAt: page.updatedAt,
      language: translated ? language : 'en',
    };
  });

  // The owner's Site screen (GET and PUT /admin/site-settings): the settings above, saved by version.
  await app.register(siteSettingsRoutes);
  // Its images (POST /admin/site-images), served on the site's host at /site-images/{name}.
  await app.register(siteImagesRoutes);
}
