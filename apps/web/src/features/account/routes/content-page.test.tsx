import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageContent } from '@backlay/contract';
import { setLanguage } from '@/shared/i18n';
import { ResponsibleGamingRoute } from './content-page';

/** What the server holds: the page in English, and in Hindi when `translated`. */
const server = vi.hoisted(() => ({
  translated: true,
  asked: [] as { page: string; lang: string | undefined }[],
}));

vi.mock('@/shared/http/api', () => ({
  call: (_name: string, { query }: { query: { page: string; lang?: string } }) => {
    server.asked.push({ page: query.page, lang: query.lang });
    const hindi = query.lang === 'hi' && server.translated;
    const answer: PageContent = {
      page: 'responsible-gaming',
      title: hindi ? 'ज़िम्मेदार गेमिंग' : 'Responsible Gaming',
      sections: [{ heading: hindi ? 'मदद पाना' : 'Getting help', paragraphs: [hindi ? 'पाठ' : 'Text'] }],
      updatedAt: '2026-11-01T00:00:00.000Z',
      language: hindi ? 'hi' : 'en',
    };
    return Promise.resolve(answer);
  },
}));

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ResponsibleGamingRoute />
    </QueryClientProvider>,
  );
}

describe("the operator's page in the player's language", () => {
  afterEach(async () => {
    cleanup();
    server.translated = true;
    server.asked.length = 0;
    await setLanguage('en');
  });

  it('asks for the page in the language on screen and follows a switch of language', async () => {
    show();
    // The section's heading (the title reads alike while the page loads).
    const english = await screen.findByRole('heading', { name: 'Getting help' });
    expect(english.closest('article')?.getAttribute('lang')).toBe('en');
    await act(() => setLanguage('hi'));
    const hindi = await screen.findByRole('heading', { name: 'ज़िम्मेदार गेमिंग' });
    expect(hindi.closest('article')?.getAttribute('lang')).toBe('hi');
    expect(screen.getByRole('heading', { name: 'मदद पाना' })).toBeTruthy();
    expect(server.asked).toEqual([
      { page: 'responsible-gaming', lang: 'en' },
      { page: 'responsible-gaming', lang: 'hi' },
    ]);
  });

  it('marks an untranslated page English on a Hindi screen, and its own line Hindi', async () => {
    server.translated = false;
    await setLanguage('hi');
    show();
    const section = await screen.findByRole('heading', { name: 'Getting help' });
    const article = section.closest('article');
    expect(article?.getAttribute('lang')).toBe('en');
    // The client's own words under the operator's text are in the screen's language.
    expect(article?.querySelector('p.hint')?.getAttribute('lang')).toBe('hi');
  });
});
