import { CDN_SETTINGS_PATH, routes, type SportTreeEntry } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/http/app-error';
import { defineRoute } from '../platform/http/define-route';
import type { Domain } from './domain-repository';

export async function settingsRoutes(app: FastifyInstance, opts: { sportTree: () => SportTreeEntry[] }) {
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
    return { success: true, result: domain.settings, error: null };
  });

  defineRoute(
    app,
    routes.getSetting,
    async ({ query, req }) => (await domainFor(query.domain, req.domain)).settings,
  );

  defineRoute(app, routes.getSettingWithSportTree, async ({ query, req }) => {
    const domain = await domainFor(query.domain, req.domain);
    return { setting: domain.settings, events: opts.sportTree(), bonuses: [], games: [], tv: [] };
  });

  defineRoute(app, routes.clientIp, async ({ req }) => ({ ip: req.ip }));

  defineRoute(app, routes.getPageContent, async ({ query, req }) => {
    const page = req.domain.content[query.page];
    if (!page) throw new AppError('NOT_FOUND', 'This page has not been written yet.');
    return { page: query.page, ...page };
  });
}
