import {
  CONTENT_PAGES,
  SitePageTextInputSchema,
  type ContentLanguage,
  type SitePage,
  type SitePageText,
} from '@backlay/contract';
import { z } from 'zod';

export type ContentPage = SitePage['page'];

/** The operator's pages by the names the owner knows them under. */
export const PAGE_NAMES: Record<ContentPage, string> = {
  'rule-regulations': 'Rules and regulations',
  'exclusion-policy': 'Exclusion policy',
  'responsible-gaming': 'Responsible gaming',
};

/** The languages a page is written in: English is the page, Hindi its translation. */
export const LANGUAGE_NAMES: Record<ContentLanguage, string> = {
  en: 'English',
  hi: 'हिन्दी (Hindi)',
};

/** SitePageTextInputSchema's bounds, said to the owner beside the fields (the schema below pipes into it). */
export const PAGE_LIMITS = {
  title: 200,
  heading: 200,
  sections: 30,
  paragraphs: 50,
  paragraph: 4000,
} as const;

/**
 * A section's paragraphs as typed in one box: a blank line (or several) starts a new paragraph;
 * each is trimmed, and nothing but blank lines is no paragraph at all.
 */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Paragraphs into the box, a blank line between each two. */
export function paragraphsText(paragraphs: readonly string[]): string {
  return paragraphs.join('\n\n');
}

const ParagraphsSchema = z.string().transform((text, ctx) => {
  const paragraphs = paragraphsOf(text);
  if (paragraphs.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'Write at least one paragraph' });
  } else if (paragraphs.length > PAGE_LIMITS.paragraphs) {
    ctx.addIssue({
      code: 'custom',
      message: `${paragraphs.length} paragraphs: at most ${PAGE_LIMITS.paragraphs} in a section (a blank line starts a new one)`,
    });
  }
  const long = paragraphs.findIndex((p) => p.length > PAGE_LIMITS.paragraph);
  if (long >= 0) {
    ctx.addIssue({
      code: 'custom',
      message: `Paragraph ${long + 1} has ${paragraphs[long]!.length} characters: at most ${PAGE_LIMITS.paragraph}`,
    });
  }
  return paragraphs;
});

/**
 * The form of one page in one language: the title, and each section's heading with its paragraphs
 * in one box. Judged with the owner's words for the contract's bounds, then by the contract's
 * SitePageTextInputSchema itself (trimmed title and headings, paragraphs split), which is what is sent.
 */
export const PageFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'The page needs a title')
      .max(PAGE_LIMITS.title, `At most ${PAGE_LIMITS.title} characters`),
    sections: z
      .array(
        z.object({
          heading: z.string().trim().max(PAGE_LIMITS.heading, `At most ${PAGE_LIMITS.heading} characters`),
          paragraphs: ParagraphsSchema,
        }),
      )
      .min(1, 'The page needs at least one section')
      .max(PAGE_LIMITS.sections, `At most ${PAGE_LIMITS.sections} sections`),
  })
  .pipe(SitePageTextInputSchema);
export type PageFormValues = z.input<typeof PageFormSchema>;
export type PageFormOutput = z.output<typeof PageFormSchema>;

export const EMPTY_SECTION: PageFormValues['sections'][number] = { heading: '', paragraphs: '' };

/** A stored text as the form shows it; none (a page not written, no translation): an empty page. */
export function formOf(text: SitePageText | null): PageFormValues {
  if (text == null || text.sections.length === 0) {
    return { title: text?.title ?? '', sections: [{ ...EMPTY_SECTION }] };
  }
  return {
    title: text.title,
    sections: text.sections.map((s) => ({ heading: s.heading, paragraphs: paragraphsText(s.paragraphs) })),
  };
}

/** A page the server did not list (it lists every one): never written. */
export function unwrittenPage(page: ContentPage): SitePage {
  return { page, updatedAt: null, texts: { en: null, hi: null } };
}

/** Every page in the order the owner sees them, whatever order the server answered in. */
export function pagesInOrder(pages: readonly SitePage[]): SitePage[] {
  return CONTENT_PAGES.map((page) => pages.find((p) => p.page === page) ?? unwrittenPage(page));
}

/**
 * A server's refusal of one field of the text (`text.title`, `text.sections.2.heading`,
 * `text.sections.0.paragraphs.3`) as the form's field it belongs beside; null for none of them.
 */
export function formFieldOf(
  wireField: string,
): `title` | `sections.${number}.${'heading' | 'paragraphs'}` | null {
  if (wireField === 'text.title') return 'title';
  const section = /^text\.sections\.(\d+)\.(heading|paragraphs)(\.\d+)?$/.exec(wireField);
  if (section == null) return null;
  return `sections.${Number(section[1])}.${section[2] as 'heading' | 'paragraphs'}`;
}
