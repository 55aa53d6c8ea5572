import { z } from 'zod';
import { ErrorBodySchema, IsoDateTimeSchema } from './envelope';
import { MAX_IMAGE_DATA_URL_LENGTH } from './validation';
import { CasinoProviderIdSchema } from './casino';
import { ContentLanguageSchema, ContentPageSchema, DomainSettingsSchema } from './settings';
import { positiveIntField } from './fields';

/*
 * The operators' Site screen (section C5, issue 16): the owner reads and saves the site's settings,
 * the same record players load (GET /Setting/GetSettingWithSportTree, /cdn/settings/{name}.json).
 * A save carries the version it was edited from: saved over a newer one it is refused (409
 * SETTINGS_STALE) with the newer settings, so one owner's form never silently undoes another's.
 * Images are addresses (https, or a path on the site, such as an uploaded image's: below).
 */

/** The settings as stored: DomainSettings without `domainName` (the site's name, not a setting). */
export const StoredDomainSettingsSchema = DomainSettingsSchema.omit({ domainName: true });
export type StoredDomainSettings = z.infer<typeof StoredDomainSettingsSchema>;

export const SiteSettingsSchema = z.object({
  settings: StoredDomainSettingsSchema,
  /** Bumped by every save; send it back with the next save. */
  version: positiveIntField,
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

// Direction overrides and isolates (U+202A-U+202E, U+2066-U+2069) turn shown text around: a news
// line could read other than it is written. Hindi and English need none of them.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const NO_BIDI = 'Remove the invisible direction characters (they reverse how the text shows)';

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
 * blue on 'blue' and is light otherwise) or a #rrggbb colour. `siteSuspended` switches the site
 * off for its players (the maintenance page, SITE_SUSPENDED to their calls) and on again; its
 * operators keep working meanwhile.
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
    domainTitle: z
      .string()
      .trim()
      .min(1, 'The site needs a title')
      .max(80)
      .refine((v) => !BIDI_CONTROLS.test(v), NO_BIDI),
    description: z
      .string()
      .trim()
      .max(300)
      .refine((v) => !BIDI_CONTROLS.test(v), NO_BIDI),
    favicon: SiteImageUrlSchema,
    mainLogo: SiteImageUrlSchema,
    tennis: z.boolean(),
    football: z.boolean(),
    cricket: z.boolean(),
    horseRacing: z.boolean(),
    kabaddi: z.boolean(),
    showNews: z.boolean(),
    newsText: z
      .string()
      .trim()
      .max(500)
      .refine((v) => !BIDI_CONTROLS.test(v), NO_BIDI),
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
  version: positiveIntField,
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

/*
 * Images of the site (logo, favicon, slider): the owner uploads one as a base64 data URL; the server
 * judges it by its bytes (PNG, JPEG or WebP; anything else 400 IMAGE_INVALID, larger than 5 MB 413
 * IMAGE_TOO_LARGE, both audited as attempts) and answers the path it is served at, on this site, to
 * put in the settings (`mainLogo`, `favicon`, a slide's `imageUrl`) and save. Served publicly with its
 * own content type, nosniff, and a long cache (the path names the content).
 */
export const SITE_IMAGE_KINDS = ['logo', 'favicon', 'slide'] as const;
export const SiteImageKindSchema = z.enum(SITE_IMAGE_KINDS);
export type SiteImageKind = z.infer<typeof SiteImageKindSchema>;

export const SiteImageUploadSchema = z.object({
  kind: SiteImageKindSchema,
  dataUrl: z
    .string()
    .min(1, 'Choose an image')
    .max(MAX_IMAGE_DATA_URL_LENGTH, 'The image is larger than 5 MB.'),
});
export type SiteImageUpload = z.infer<typeof SiteImageUploadSchema>;

export const SiteImageSchema = z.object({
  /** A path on this site, e.g. '/site-images/12-3f9a0c1d.png': valid as SiteImageUrlSchema. */
  url: z.string(),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  bytes: positiveIntField,
});
export type SiteImage = z.infer<typeof SiteImageSchema>;

/*
 * Casino providers on or off for the site (owner). Off: its games leave the lobby and the sport
 * tree, a launch is refused and its wallet takes no new stake (403 FORBIDDEN), while rounds already
 * staked still pay (win, rollback). Every provider is on until switched off. The site-wide `casino`
 * setting still switches the whole casino.
 */
export const CasinoProviderSettingSchema = z.object({
  provider: CasinoProviderIdSchema,
  /** The provider's name as the lobby shows it. */
  name: z.string(),
  enabled: z.boolean(),
});
export const CasinoProviderSettingsSchema = z.object({
  providers: z.array(CasinoProviderSettingSchema),
});
export type CasinoProviderSettings = z.infer<typeof CasinoProviderSettingsSchema>;

export const CasinoProviderSettingsInputSchema = z.object({
  provider: CasinoProviderIdSchema,
  enabled: z.boolean(),
});
export type CasinoProviderSettingsInput = z.infer<typeof CasinoProviderSettingsInputSchema>;

/*
 * The operator's pages (rules, exclusion policy, responsible gaming) on the Site screen: the owner
 * writes each page in English and may give it a translation into each other language of the
 * players' client; players read the translation in their language where there is one, else the
 * English text (Setting/GetPageContent).
 */

/** A page's text in one language, as stored and answered: a title and headed sections of paragraphs, plain text. */
export const SitePageTextSchema = z.object({
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
});
export type SitePageText = z.infer<typeof SitePageTextSchema>;

/** A page's text as the owner saves it: every field trimmed, a title, at least one paragraph, within bounds. */
export const SitePageTextInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  sections: z
    .array(
      z.object({
        /** May be empty: a section without a heading continues the one before. */
        heading: z.string().trim().max(200),
        paragraphs: z.array(z.string().trim().min(1).max(4000)).min(1).max(50),
      }),
    )
    .min(1)
    .max(30),
});

/** One page on the Site screen, in every language. */
export const SitePageSchema = z.object({
  page: ContentPageSchema,
  /** When the page was last saved; null while it has never been written (players are answered 404). */
  updatedAt: IsoDateTimeSchema.nullable(),
  /** English is the page (null while not written); each other language its translation (null: players read English). */
  texts: z.object({ en: SitePageTextSchema.nullable(), hi: SitePageTextSchema.nullable() }),
});
export type SitePage = z.infer<typeof SitePageSchema>;

export const SitePagesSchema = z.object({ pages: z.array(SitePageSchema) });
export type SitePages = z.infer<typeof SitePagesSchema>;

export const SitePageSaveSchema = z.object({
  page: ContentPageSchema,
  language: ContentLanguageSchema,
  /**
   * The page's updatedAt the editor started from (null for a page not yet written); when the page
   * was saved since, 409 SETTINGS_STALE answers the page as it is now (`current`) and nothing changes.
   */
  updatedAt: IsoDateTimeSchema.nullable(),
  /** The text in that language; null removes a translation (the English text cannot be removed). */
  text: SitePageTextInputSchema.nullable(),
});
export type SitePageSave = z.infer<typeof SitePageSaveSchema>;
