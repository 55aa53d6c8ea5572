import { z } from 'zod';
import { SportTreeEntrySchema } from './entities';
import { intField, nonNegativeIntField, nullableStringField, optionalStringField } from './fields';

/** Per-domain (white-label) settings of section 3, plus the news marquee and slider header. */
export const DomainSettingsSchema = z.object({
  domainName: z.string(),
  baseUrl: nullableStringField,
  siteSuspended: z.boolean(),
  bodyBgColor: z.string(),
  showDWRequests: z.boolean(),
  showDepositW: z.boolean(),
  casino: z.boolean(),
  allowSignUp: z.boolean(),
  skipVerification: z.boolean(),
  domainTitle: z.string(),
  description: z.string(),
  /**
   * Absolute URLs on the wire, built from the address the request reached (docs/v1-compatibility.md),
   * so a client served from another origin can show them.
   */
  favicon: z.string(),
  mainLogo: z.string(),
  tennis: z.boolean(),
  football: z.boolean(),
  cricket: z.boolean(),
  horseRacing: z.boolean(),
  kabaddi: z.boolean(),
  showNews: z.boolean(),
  newsText: z.string(),
  showSlider: z.boolean(),
  /** `imageUrl` absolute like the logo; `link` is a route of the client and stays as written. */
  sliderImages: z.array(z.object({ imageUrl: z.string(), link: nullableStringField })),
  supportWhatsApp: nullableStringField,
});
export type DomainSettings = z.infer<typeof DomainSettingsSchema>;

export const DomainQuerySchema = z.object({ domain: z.string().trim().max(253).optional() });

/** A bonus a visitor may see (the sport tree's `bonuses`); `kind` and `terms` are ours, optional for other backends. */
export const BonusSummarySchema = z.object({
  id: intField,
  title: z.string(),
  description: z.string(),
  kind: optionalStringField,
  terms: optionalStringField,
});
export const CasinoGameSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  category: z.string(),
  imageURL: z.string(),
});
export const TvChannelSchema = z.object({ eventId: intField, url: z.string() });

export const SettingWithSportTreeSchema = z.object({
  setting: DomainSettingsSchema,
  events: z.array(SportTreeEntrySchema),
  bonuses: z.array(BonusSummarySchema),
  games: z.array(CasinoGameSummarySchema),
  tv: z.array(TvChannelSchema),
});
export type SettingWithSportTree = z.infer<typeof SettingWithSportTreeSchema>;

/** Operator-written pages: rules, exclusion policy, responsible gaming. Plain text, no HTML. */
export const CONTENT_PAGES = ['rule-regulations', 'exclusion-policy', 'responsible-gaming'] as const;
export const ContentPageSchema = z.enum(CONTENT_PAGES);
export type ContentPage = z.infer<typeof ContentPageSchema>;
/**
 * The languages of the players' client. An operator page is written in English and may carry a
 * translation into each of the others; a page asked for in a language it has no translation in is
 * answered in English, and the answer says which language it is in.
 */
export const CONTENT_LANGUAGES = ['en', 'hi'] as const;
export const ContentLanguageSchema = z.enum(CONTENT_LANGUAGES);
export type ContentLanguage = z.infer<typeof ContentLanguageSchema>;
export const PageContentQuerySchema = z.object({
  page: ContentPageSchema,
  /** The language the player reads; English when left out. */
  lang: ContentLanguageSchema.optional(),
});
export const PageContentSchema = z.object({
  page: ContentPageSchema,
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  updatedAt: z.string(),
  /** The language title and sections are written in (English from a server that does not say). */
  language: ContentLanguageSchema.default('en'),
});
export type PageContent = z.infer<typeof PageContentSchema>;

export const OtpOutboxQuerySchema = z.object({ mobile: z.string().trim().min(1).max(20) });
export const OtpOutboxResultSchema = z.object({
  mobile: z.string(),
  code: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});

/** Development only: moves the one-time codes sent to a mobile back in time, as if sent earlier. */
export const DevAgeOtpInputSchema = z.object({
  mobile: z.string().trim().min(1).max(20),
  seconds: intField.min(1).max(3600),
});
export const DevAgeOtpResultSchema = z.object({ aged: nonNegativeIntField });

/** The caller's address as the server sees it (the client keeps it under the `ip` key). */
export const ClientIpResultSchema = z.object({ ip: z.string() });
