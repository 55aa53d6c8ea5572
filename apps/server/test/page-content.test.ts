import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageContent } from '@backlay/contract';
import { backends, createTestApp, type TestContext } from './harness';
import { addSite, call, expectOk, expectRefused } from './helpers';

/*
 * The operator's pages (rules, exclusion policy, responsible gaming) in the player's language: a
 * page carries its English text and may carry a translation; the answer is in the language asked
 * for where the operator wrote one, else in English, and always says which.
 */

const ENGLISH_ONLY_HOST = 'english-only.backlay.local';

describe.each(backends)("the operator's pages in the player's language (%s)", (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    // A site whose operator wrote its rules in English only.
    await addSite(ctx.database.db, {
      name: 'english-only',
      host: ENGLISH_ONLY_HOST,
      content: {
        'rule-regulations': {
          title: 'House Rules',
          updatedAt: '2026-11-02T00:00:00.000Z',
          sections: [{ heading: 'General', paragraphs: ['Bets stand as placed.'] }],
        },
      },
    });
  });

  afterAll(async () => {
    await ctx.close();
  });

  const page = async (query: Record<string, string>, host?: string) =>
    expectOk(
      await call<PageContent>(ctx.app, {
        url: '/Setting/GetPageContent',
        query,
        ...(host ? { host } : {}),
      }),
    );

  it('answers in Hindi where the operator translated the page, and says so', async () => {
    const hindi = await page({ page: 'responsible-gaming', lang: 'hi' });
    const english = await page({ page: 'responsible-gaming', lang: 'en' });
    expect(hindi.language).toBe('hi');
    expect(hindi.title).toBe('ज़िम्मेदार गेमिंग');
    expect(hindi.sections.map((s) => s.heading)).toEqual(['मनोरंजन के लिए खेलें', 'चेतावनी के संकेत', 'मदद पाना']);
    expect(english.language).toBe('en');
    expect(english.title).toBe('Responsible Gaming');
    // One page in two languages: the same sections and the same date.
    expect(hindi.updatedAt).toBe(english.updatedAt);
    expect(hindi.sections.map((s) => s.paragraphs.length)).toEqual(
      english.sections.map((s) => s.paragraphs.length),
    );
  });

  it('answers in English when no language is named', async () => {
    const plain = await page({ page: 'rule-regulations' });
    expect(plain.language).toBe('en');
    expect(plain.title).toBe('Rules and Regulations');
    expect(await page({ page: 'rule-regulations', lang: 'en' })).toEqual(plain);
  });

  it('every demo page has its Hindi, heading for heading', async () => {
    for (const name of ['rule-regulations', 'exclusion-policy', 'responsible-gaming']) {
      const hindi = await page({ page: name, lang: 'hi' });
      const english = await page({ page: name, lang: 'en' });
      expect(hindi.language, name).toBe('hi');
      expect(hindi.sections.length, name).toBe(english.sections.length);
      for (const section of hindi.sections) expect(section.heading, name).toMatch(/[\u0900-\u097f]/);
    }
  });

  it('answers in English, marked English, where the page has no translation into the language asked for', async () => {
    const asked = await page({ page: 'rule-regulations', lang: 'hi' }, ENGLISH_ONLY_HOST);
    expect(asked).toEqual({
      page: 'rule-regulations',
      title: 'House Rules',
      updatedAt: '2026-11-02T00:00:00.000Z',
      sections: [{ heading: 'General', paragraphs: ['Bets stand as placed.'] }],
      language: 'en',
    });
  });

  it('refuses a language the client does not speak, and a page not written stays not found', async () => {
    expectRefused(
      await call(ctx.app, {
        url: '/Setting/GetPageContent',
        query: { page: 'responsible-gaming', lang: 'fr' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectRefused(
      await call(ctx.app, {
        url: '/Setting/GetPageContent',
        query: { page: 'exclusion-policy', lang: 'hi' },
        host: ENGLISH_ONLY_HOST,
      }),
      404,
      'NOT_FOUND',
      'This page has not been written yet.',
    );
  });
});
