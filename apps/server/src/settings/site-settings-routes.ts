import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import { SiteSettingsService } from './site-settings-service';

/**
 * The operators' Site screen: the owner alone reads and saves the site's settings (no role besides
 * the owner is admitted). Images are addresses: an uploaded one's is answered by POST
 * /admin/site-images (site-images-routes.ts).
 */
export async function siteSettingsRoutes(app: FastifyInstance) {
  const settings = new SiteSettingsService(app.db, app.domains, app.bus, app.log);
  await settings.start();
  app.addHook('onClose', async () => settings.stop());
  defineRoute(app, routes.adminSiteSettings, ({ operator }) => settings.read(operator.domainId));
  defineRoute(app, routes.adminSaveSiteSettings, ({ body, operator, audit }) =>
    settings.save(operator.domainId, body, audit),
  );
  // The pages players read (rules, exclusion policy, responsible gaming), one page and language a save.
  defineRoute(app, routes.adminSitePages, ({ operator }) => settings.readPages(operator.domainId));
  defineRoute(app, routes.adminSaveSitePage, ({ body, operator, audit }) =>
    settings.savePage(operator.domainId, body, audit),
  );
}
