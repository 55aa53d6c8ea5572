import * as S from '../settings';
import * as Site from '../site-settings';
import { route } from './route-def';

/** The domain's settings, its sport tree and operator pages (server: settings/). */
export const settingsRoutes = {
  getSetting: route({
    method: 'GET',
    path: '/Setting/GetSetting',
    auth: 'none',
    tag: 'Settings',
    summary: "The domain's settings (the client's secondary settings source)",
    query: S.DomainQuerySchema,
    body: undefined,
    result: S.DomainSettingsSchema,
  }),
  getDomainSetting: route({
    method: 'GET',
    path: '/api/Setting/GetDomainSetting',
    auth: 'none',
    tag: 'Settings',
    summary:
      "The domain's settings under the family's V1 name (the V1 client's first call): the same answer as Setting/GetSetting",
    query: S.DomainQuerySchema,
    body: undefined,
    result: S.DomainSettingsSchema,
  }),
  getSettingWithSportTree: route({
    method: 'GET',
    path: '/Setting/GetSettingWithSportTree',
    auth: 'optional',
    tag: 'Settings',
    summary: "The domain's settings with the sport tree, bonuses, casino games and TV list",
    query: S.DomainQuerySchema,
    body: undefined,
    result: S.SettingWithSportTreeSchema,
  }),
  getPageContent: route({
    method: 'GET',
    path: '/Setting/GetPageContent',
    auth: 'optional',
    tag: 'Settings',
    summary: "The operator's rules, exclusion policy or responsible-gaming page",
    query: S.PageContentQuerySchema,
    body: undefined,
    result: S.PageContentSchema,
  }),
  clientIp: route({
    method: 'GET',
    path: '/api/client-ip',
    auth: 'none',
    tag: 'Settings',
    summary: "The caller's IP address as the server sees it",
    query: undefined,
    body: undefined,
    result: S.ClientIpResultSchema,
  }),
  // The operators' Site screen: the owner alone.
  adminSiteSettings: route({
    method: 'GET',
    path: '/admin/site-settings',
    auth: 'operator',
    tag: 'Operator',
    summary: "The request's site's settings as stored, with their version (owner)",
    query: undefined,
    body: undefined,
    result: Site.SiteSettingsSchema,
  }),
  adminSaveSiteSettings: route({
    method: 'PUT',
    path: '/admin/site-settings',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "The owner saves the site's settings whole, from the version read (a newer one: 409 SETTINGS_STALE with it); audited; players' next settings load shows them. Answers the new settings and version",
    query: undefined,
    body: Site.SiteSettingsInputSchema,
    result: Site.SiteSettingsSchema,
  }),
  adminSitePages: route({
    method: 'GET',
    path: '/admin/site-pages',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "The site's rules, exclusion policy and responsible-gaming pages as stored, each in English and its translations (owner)",
    query: undefined,
    body: undefined,
    result: Site.SitePagesSchema,
  }),
  adminSaveSitePage: route({
    method: 'PUT',
    path: '/admin/site-pages',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "The owner saves one page in one language, or removes a translation (text null), from the page's updatedAt read (a newer one: 409 SETTINGS_STALE with the page); a translation needs the English page first; audited; players' next read shows it. Answers the page",
    query: undefined,
    body: Site.SitePageSaveSchema,
    result: Site.SitePageSchema,
  }),
  adminUploadSiteImage: route({
    method: 'POST',
    path: '/admin/site-images',
    auth: 'operator',
    tag: 'Operator',
    summary:
      'The owner uploads a logo, favicon or slide image (a base64 data URL, judged by its bytes: PNG, JPEG or WebP, at most 5 MB; else 400 IMAGE_INVALID / 413 IMAGE_TOO_LARGE, audited); answers the site path it is served at',
    query: undefined,
    body: Site.SiteImageUploadSchema,
    result: Site.SiteImageSchema,
  }),
  adminCasinoProviders: route({
    method: 'GET',
    path: '/admin/casino-providers',
    auth: 'operator',
    tag: 'Operator',
    summary: "The casino providers and whether each is on for the request's site (owner)",
    query: undefined,
    body: undefined,
    result: Site.CasinoProviderSettingsSchema,
  }),
  adminSaveCasinoProvider: route({
    method: 'PUT',
    path: '/admin/casino-providers',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "The owner switches one casino provider on or off for the site (off: out of the lobby, launches refused, no new stakes; staked rounds still pay); audited. Answers every provider's state",
    query: undefined,
    body: Site.CasinoProviderSettingsInputSchema,
    result: Site.CasinoProviderSettingsSchema,
  }),
} as const;
