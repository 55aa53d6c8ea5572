import {
  SiteImageUrlSchema,
  type SiteSettingsFieldsSchema,
  type StoredDomainSettings,
} from '@backlay/contract';
import type { z } from 'zod';

/** What the form holds: the stored settings as they are (text untrimmed until saved). */
export type SiteFormValues = z.input<typeof SiteSettingsFieldsSchema>;
export type SiteFormOutput = z.output<typeof SiteSettingsFieldsSchema>;
export type SiteField = keyof SiteFormValues;

/** The slider's most images (SiteSettingsFieldsSchema). */
export const MAX_SLIDES = 10;

/**
 * The themes the players' client draws: blue when bodyBgColor is 'blue' and light for anything else
 * (apps/web/src/features/settings/lib/apply-look.ts), so a #rrggbb colour the contract accepts
 * would change nothing players see and is not offered.
 */
export const THEMES = [
  { value: 'light', label: 'Light' },
  { value: 'blue', label: 'Blue' },
] as const;

/** The theme the players' client shows for a stored bodyBgColor. */
export function previewTheme(bodyBgColor: string): 'light' | 'blue' {
  return bodyBgColor.trim().toLowerCase() === 'blue' ? 'blue' : 'light';
}

export function isOfferedTheme(bodyBgColor: string): boolean {
  return THEMES.some((t) => t.value === bodyBgColor);
}

/** Every setting by the name the form shows it under: the stale notice lists differences with them. */
export const FIELD_LABELS: Record<SiteField, string> = {
  domainTitle: 'Site title',
  description: 'Description',
  mainLogo: 'Logo address',
  favicon: 'Favicon address',
  bodyBgColor: 'Theme',
  showNews: 'Show the news marquee',
  newsText: 'News text',
  showSlider: 'Show the image slider',
  sliderImages: 'Slides',
  allowSignUp: 'Players may sign up',
  skipVerification: 'Skip mobile verification at sign-up',
  showDepositW: 'Show Deposit and Withdrawal',
  showDWRequests: 'Show D/W Requests',
  casino: 'Casino lobby on',
  cricket: 'Cricket',
  football: 'Football',
  tennis: 'Tennis',
  horseRacing: 'Horse Racing',
  kabaddi: 'Kabaddi',
  supportWhatsApp: 'Support WhatsApp number',
  baseUrl: 'API address',
  siteSuspended: 'Site suspended',
};

/** The fields in the order the form shows them. */
export const FIELD_ORDER = Object.keys(FIELD_LABELS) as SiteField[];

/** A stored value as a person reads it in the stale notice. */
export function describeValue(field: SiteField, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (value == null) return '(none)';
  if (field === 'bodyBgColor' && typeof value === 'string') {
    return THEMES.find((t) => t.value === value)?.label ?? `“${value}” (players see Light)`;
  }
  if (field === 'sliderImages' && Array.isArray(value)) {
    if (value.length === 0) return 'No slides';
    const slides = value as { imageUrl: string; link: string | null }[];
    return slides.map((s, i) => `${i + 1}. ${s.imageUrl}${s.link ? ` → ${s.link}` : ''}`).join('; ');
  }
  const text = String(value);
  return text.trim() === '' ? '(empty)' : text;
}

/** Text compares trimmed (the save trims it); an emptied optional field is none. */
function normalized(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (Array.isArray(value)) return value.map(normalized);
  if (value != null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalized(v)]));
  }
  return value;
}

export interface FieldDifference {
  field: SiteField;
  label: string;
  yours: string;
  theirs: string;
}

/** The settings that differ between the form and the newer saved ones, in the form's order. */
export function differences(yours: SiteFormValues, theirs: StoredDomainSettings): FieldDifference[] {
  return FIELD_ORDER.filter(
    (field) => JSON.stringify(normalized(yours[field])) !== JSON.stringify(normalized(theirs[field])),
  ).map((field) => ({
    field,
    label: FIELD_LABELS[field],
    yours: describeValue(field, yours[field]),
    theirs: describeValue(field, theirs[field]),
  }));
}

/** An image address the preview may show: what the save would take, nothing else. */
export function previewImage(value: string | null | undefined): string {
  if (value == null) return '';
  const parsed = SiteImageUrlSchema.safeParse(value);
  return parsed.success ? parsed.data : '';
}

/** A text field the owner may leave empty, saved as null. */
export function emptyAsNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() === '' ? null : (value as string | null);
}
