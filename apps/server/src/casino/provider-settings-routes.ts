import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import { CasinoProviderSettingsService } from './provider-settings-service';

/** The owner's casino providers (GET and PUT /admin/casino-providers): the owner alone, on its own site. */
export async function casinoProviderSettingsRoutes(app: FastifyInstance) {
  const settings = new CasinoProviderSettingsService(app.db);
  defineRoute(app, routes.adminCasinoProviders, ({ operator }) => settings.read(operator.domainId));
  defineRoute(app, routes.adminSaveCasinoProvider, ({ body, operator, audit }) =>
    settings.save(operator, body, audit),
  );
}
