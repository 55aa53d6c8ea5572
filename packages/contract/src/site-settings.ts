import { z } from 'zod';
import { ErrorBodySchema, IsoDateTimeSchema } from './envelope';
import { DomainSettingsSchema } from './settings';

/*
 * The operators' Site screen (section C5, issue 16): the owner reads and saves the site's settings,
 * the same record players load (GET /Setting/GetSettingWithSportTree, /cdn/settings/{name}.json).
 * A save carries the version it was edited from: saved over a newer one it is refused (409
 * SETTINGS_STALE) with the newer settings, so one owner's form never silently undoes another's.
 * Logo and favicon uploads are not here yet: images are addresses (https, or a path on the site).
 */

/** The settings as stored: DomainSettings without `domainName` (the site's name, not a setting). */
export const StoredDomainSettingsSchema = DomainSettingsSchema.omit({ domainName: true });
export type StoredDomainSettings = z.infer<typeof StoredDomainSettingsSchema>;

export const SiteSettingsSchema = z.object({
  settings: StoredDomainSettingsSchema,
  /** Bumped by every save; send it back with the next save. */
  version: z.number().int().positive(),
  updatedAt: IsoDateTimeSchema,
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

// Characters no address may hold: controls (a browser drops them, 'java\tscript:') and spaces.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_IN_ADDRESS = /[\u0000-\u0020\u007f\\]/;

/** A path on the site itself: '/logo.svg', never '//host' (another site) or a backslash. */
function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !UNSAFE_IN_ADDRESS.test(value);
}

function isHttpsUrl(value: string): boolean {
  if (UNSAFE_IN_ADDRESS.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const HTTPS_OR_PATH = 'An https:// address or a path on this site starting with /';

/** An image's address: https, or a path on this site (served by it, e.g. '/slides/cricket.svg'). */
export const SiteImageUrlSchema = z
  .string()
  .trim()
  .min(1, HTTPS_OR_PATH)
  .max(2048)
  .refine((v) => isHttpsUrl(v) || isSitePath(v), HTTPS_OR_PATH);

/** Where a slide leads: a page of the players' client ('/inplay') or an https address; null: nowhere. */
const SlideLinkSchema = z
  .string()
  .trim()
  .min(1, HTTPS_OR_PATH)
  .max(512)
  .refine((v) => isHttpsUrl(v) || isSitePath(v), HTTPS_OR_PATH)
  .nullable();

/**
 * What the owner may save. Every stored field, judged: text trimmed and bounded, images and links
 * https or a path on the site, the theme a name ('light', 'dark', 'blue': the players' client turns
 * blue on 'blue' and is light otherwise) or a #rrggbb colour. `siteSuspended` is shown and must be
 * sent as it is stored: a suspended site answers SITE_SUSPENDED to operator calls too, so it is not
 * switched from here.
 */
export const SiteSettingsFieldsSchema = z
  .object({
    baseUrl: z
      .string()
      .trim()
      .max(2048)
      .refine(isHttpsUrl, 'The API address is an https:// address (or null: this site)')
      .nullable(),
    siteSuspended: z.boolean(),
    bodyBgColor: z
      .string()
      .trim()
      .regex(/^([a-z]{3,20}|#[0-9a-f]{6})$/i, "A theme name ('light', 'dark', 'blue') or a #rrggbb colour"),
    showDWRequests: z.boolean(),
    showDepositW: z.boolean(),
    casino: z.boolean(),
    allowSignUp: z.boolean(),
    skipVerification: z.boolean(),
    domainTitle: z.string().trim().min(1, 'The site needs a title').max(80),
    description: z.string().trim().max(300),
    favicon: SiteImageUrlSchema,
    mainLogo: SiteImageUrlSchema,
    tennis: z.boolean(),
    football: z.boolean(),
    cricket: z.boolean(),
    horseRacing: z.boolean(),
    kabaddi: z.boolean(),
    showNews: z.boolean(),
    newsText: z.string().trim().max(500),
    showSlider: z.boolean(),
    sliderImages: z.array(z.object({ imageUrl: SiteImageUrlSchema, link: SlideLinkSchema })).max(10),
    supportWhatsApp: z
      .string()
      .trim()
      .regex(/^\+?[0-9]{10,15}$/, 'A WhatsApp number: 10 to 15 digits, + first if international')
      .nullable(),
  })
  .refine((s) => !s.showNews || s.newsText !== '', {
    message: 'Write the news text, or switch the news off',
    path: ['newsText'],
  });
export type SiteSettingsFields = z.infer<typeof SiteSettingsFieldsSchema>;

/** PUT /admin/site-settings: the whole settings and the version they were edited from. */
export const SiteSettingsInputSchema = z.object({
  settings: SiteSettingsFieldsSchema,
  version: z.number().int().positive(),
});
export type SiteSettingsInput = z.infer<typeof SiteSettingsInputSchema>;

/**
 * The error of a save over a newer version (409 SETTINGS_STALE): besides code and message, `current`
 * holds the newer settings and their version, to show the owner and save again from.
 */
export const SiteSettingsStaleErrorSchema = ErrorBodySchema.extend({
  code: z.literal('SETTINGS_STALE'),
  current: SiteSettingsSchema,
});
