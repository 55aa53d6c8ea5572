import type { RouteBody } from '@backlay/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '@/test/console';
import { fakeServer, ok, refused } from '@/test/fake-server';
import { button, input, renderSite, type } from '@/test/site-screen';
import { exclusionEnglish, rulesEnglish, sitePage, sitePages } from '@/test/site-fixtures';

/** The Site screen opened on its Pages tab. */
const PAGES_TAB = '/site?tab=pages';

type Saved = RouteBody<'adminSaveSitePage'>;

/**
 * The server's pages as a store: GET answers them as they are now, a PUT saves one language of one
 * page (text null removes it) at `savedAt` and answers the page.
 */
function pagesServer(pages = sitePages(), savedAt = '2025-11-24T12:00:00.000Z') {
  let stored = pages;
  const server = fakeServer({ 'GET /admin/site-pages': () => ok(stored) });
  server.on('PUT /admin/site-pages', (req) => {
    const body = req.body as Saved;
    const before = stored.pages.find((p) => p.page === body.page)!;
    const saved = { ...before, updatedAt: savedAt, texts: { ...before.texts, [body.language]: body.text } };
    stored = { pages: stored.pages.map((p) => (p.page === body.page ? saved : p)) };
    return ok(saved);
  });
  return server;
}

const saveState = () => screen.getByTestId('page-save-state').textContent;

async function loaded() {
  await screen.findByLabelText('Page title');
}

describe('the Site screen: pages', { timeout: 20_000 }, () => {
  it('lists the three pages with where each stands, and shows the chosen one in the form', async () => {
    signedInAs('owner');
    const server = pagesServer();
    renderSite(PAGES_TAB);
    await loaded();
    expect(server.calls('GET /admin/site-pages')[0]!.authorization).toBe('Bearer token-of-owner_op');
    expect(screen.getByRole('tab', { name: 'Pages', selected: true })).toBeTruthy();

    expect(input('Rules and regulations').checked).toBe(true);
    expect(input('Exclusion policy').checked).toBe(false);
    expect(input('Responsible gaming').checked).toBe(false);
    expect(input('English').checked).toBe(true);
    expect(input('हिन्दी (Hindi)').checked).toBe(false);
    expect(screen.getByTestId('page-rule-regulations').textContent).toMatch(
      /Saved .*2025.*No Hindi translation: players who read Hindi see English\./,
    );
    expect(screen.getByTestId('page-exclusion-policy').textContent).toContain('Hindi translation: yes.');
    expect(screen.getByTestId('page-responsible-gaming').textContent).toContain(
      'Never written: players see “page not found”.',
    );

    // The stored English text, a blank line between paragraphs.
    expect(input('Page title').value).toBe('Rules and Regulations');
    expect(input('Page title').lang).toBe('en');
    expect(input('Section 1 heading').value).toBe('General');
    expect(input('Section 1 paragraphs').value).toBe(
      'All bets are final once accepted.\n\nPlayers must be 18 or older.',
    );
    expect(input('Section 2 heading').value).toBe('Cricket');
    expect(input('Section 2 paragraphs').value).toBe('Bets on an abandoned match are void.');
    expect(screen.queryByLabelText('Section 3 heading')).toBeNull();
    expect(screen.getByText('2 paragraphs.', { exact: false })).toBeTruthy();
    expect(button('Save the English page').disabled).toBe(true);
    expect(saveState()).toMatch(/^Saved .*2025/);

    // A page never written: an empty form, and what players see meanwhile.
    fireEvent.click(input('Responsible gaming'));
    expect(input('Page title').value).toBe('');
    expect(input('Section 1 paragraphs').value).toBe('');
    expect(
      screen.getByText(
        'Responsible gaming was never written: players see “page not found” until the English page is saved.',
      ),
    ).toBeTruthy();
    expect(saveState()).toBe('Never saved.');
  });

  it('saves the page in English with the updatedAt read and the text trimmed and split', async () => {
    signedInAs('owner');
    const server = pagesServer();
    renderSite(PAGES_TAB);
    await loaded();

    type('Page title', '  Rules of the site  ');
    type(
      'Section 1 paragraphs',
      '  All bets are final once accepted.  \n\n\n  Players must be 18 or older.\nNo exceptions.\n \nOne account per player. ',
    );
    expect(screen.getByText('3 paragraphs.', { exact: false })).toBeTruthy();
    fireEvent.click(button('Add a section'));
    type('Section 3 heading', ' Football ');
    type('Section 3 paragraphs', 'Extra time does not count.');
    fireEvent.click(screen.getByLabelText('Remove section 2'));
    expect(input('Section 2 heading').value).toBe(' Football ');
    fireEvent.click(screen.getByLabelText('Move section 2 up'));
    expect(input('Section 1 heading').value).toBe(' Football ');
    expect(saveState()).toBe('Unsaved changes.');
    fireEvent.click(button('Save the English page'));

    expect(
      await screen.findByText('Rules and regulations saved. Players see it the next time they open it.'),
    ).toBeTruthy();
    expect(server.calls('PUT /admin/site-pages')).toHaveLength(1);
    expect(server.calls('PUT /admin/site-pages')[0]!.body).toEqual({
      page: 'rule-regulations',
      language: 'en',
      updatedAt: '2025-11-20T09:00:00.000Z',
      text: {
        title: 'Rules of the site',
        sections: [
          { heading: 'Football', paragraphs: ['Extra time does not count.'] },
          {
            heading: 'General',
            paragraphs: [
              'All bets are final once accepted.',
              'Players must be 18 or older.\nNo exceptions.',
              'One account per player.',
            ],
          },
        ],
      },
    });
    // The form stands on what was saved; the pages are read again.
    await waitFor(() => expect(button('Save the English page').disabled).toBe(true));
    expect(input('Page title').value).toBe('Rules of the site');
    expect(input('Section 2 paragraphs').value).toBe(
      'All bets are final once accepted.\n\nPlayers must be 18 or older.\nNo exceptions.\n\nOne account per player.',
    );
    await waitFor(() => expect(server.calls('GET /admin/site-pages')).toHaveLength(2));

    // The next save names the page's new updatedAt.
    type('Page title', 'Rules');
    fireEvent.click(button('Save the English page'));
    await waitFor(() => expect(server.calls('PUT /admin/site-pages')).toHaveLength(2));
    expect(server.calls('PUT /admin/site-pages')[1]!.body).toMatchObject({
      updatedAt: '2025-11-24T12:00:00.000Z',
      text: { title: 'Rules' },
    });
  });

  it('says when someone saved the page meanwhile, shows their text and loads it into the form', async () => {
    signedInAs('owner');
    const theirs = sitePages({
      updatedAt: '2025-11-24T10:30:00.000Z',
      texts: {
        en: {
          title: 'Their rules',
          sections: [{ heading: 'Betting', paragraphs: ['Their only paragraph.'] }],
        },
        hi: null,
      },
    });
    const server = pagesServer();
    server.on('PUT /admin/site-pages', {
      status: 409,
      data: {
        success: false,
        result: null,
        error: {
          code: 'SETTINGS_STALE',
          message: 'The page was saved by someone else meanwhile.',
          current: theirs.pages[0],
        },
      },
    });
    renderSite(PAGES_TAB);
    await loaded();

    type('Page title', 'My rules');
    // The other owner's save lands meanwhile: a read now answers it.
    server.on('GET /admin/site-pages', ok(theirs));
    fireEvent.click(button('Save the English page'));

    const notice = (await screen.findByText('Not saved: someone saved this page meanwhile')).closest(
      'section',
    )!;
    expect(notice.textContent).toMatch(/it was saved again at .*2025/);
    const newer = within(notice).getByRole('article', { name: 'The newer English text' });
    expect(newer.textContent).toContain('Their rules');
    expect(newer.textContent).toContain('Betting');
    expect(newer.textContent).toContain('Their only paragraph.');
    // Nothing was changed behind the owner's back: the form still holds their edits.
    expect(input('Page title').value).toBe('My rules');
    expect(input('Section 2 heading').value).toBe('Cricket');

    fireEvent.click(within(notice).getByRole('button', { name: 'Load the newer page' }));
    expect(screen.queryByText('Not saved: someone saved this page meanwhile')).toBeNull();
    expect(input('Page title').value).toBe('Their rules');
    expect(input('Section 1 heading').value).toBe('Betting');
    expect(input('Section 1 paragraphs').value).toBe('Their only paragraph.');
    expect(screen.queryByLabelText('Section 2 heading')).toBeNull();
    expect(screen.getByText(/Loaded the page as saved at/)).toBeTruthy();

    // Their edits made again, saved from the newer page.
    server.on('PUT /admin/site-pages', (req) =>
      ok(
        sitePage('rule-regulations', {
          updatedAt: '2025-11-24T11:00:00.000Z',
          texts: { en: (req.body as Saved).text, hi: null },
        }),
      ),
    );
    type('Page title', 'My rules');
    fireEvent.click(button('Save the English page'));
    expect(await screen.findByText(/Rules and regulations saved/)).toBeTruthy();
    expect(server.calls('PUT /admin/site-pages').at(-1)!.body).toMatchObject({
      updatedAt: '2025-11-24T10:30:00.000Z',
      text: { title: 'My rules', sections: [{ heading: 'Betting', paragraphs: ['Their only paragraph.'] }] },
    });
  });

  it("judges the form with the contract's bounds before sending, and shows the server's own refusals", async () => {
    signedInAs('owner');
    const server = pagesServer();
    renderSite(PAGES_TAB);
    await loaded();

    type('Page title', '   ');
    type('Section 1 heading', 'H'.repeat(201));
    type('Section 1 paragraphs', `${'a'.repeat(4001)}\n\nShort.`);
    type('Section 2 paragraphs', ' \n\n ');
    fireEvent.click(button('Save the English page'));
    expect(await screen.findByText('The page needs a title')).toBeTruthy();
    expect(input('Page title').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('At most 200 characters')).toBeTruthy();
    expect(screen.getByText('Paragraph 1 has 4001 characters: at most 4000')).toBeTruthy();
    expect(screen.getByText('Write at least one paragraph')).toBeTruthy();
    expect(input('Section 2 paragraphs').getAttribute('aria-invalid')).toBe('true');
    expect(saveState()).toBe('Some fields need a look before saving.');
    expect(server.calls('PUT /admin/site-pages')).toHaveLength(0);

    type('Page title', 'Rules');
    type('Section 1 heading', 'General');
    type('Section 1 paragraphs', 'One.\n\nTwo.');
    type('Section 2 paragraphs', 'Three.');
    server.on(
      'PUT /admin/site-pages',
      refused(400, 'VALIDATION_FAILED', 'The page was refused.', {
        validationErrors: [{ field: 'text.sections.0.paragraphs.1', message: 'Not allowed by the server' }],
      }),
    );
    fireEvent.click(button('Save the English page'));
    expect(await screen.findByText('Not allowed by the server')).toBeTruthy();
    expect(input('Section 1 paragraphs').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Not saved: The page was refused\./, { selector: 'p' })).toBeTruthy();
    expect(server.calls('PUT /admin/site-pages')).toHaveLength(1);
  });

  it('removes a Hindi translation after a confirmation, sending text null', async () => {
    signedInAs('owner');
    const server = pagesServer();
    renderSite(PAGES_TAB);
    await loaded();
    fireEvent.click(input('Exclusion policy'));
    fireEvent.click(input('हिन्दी (Hindi)'));

    expect(input('Page title').value).toBe('बहिष्करण नीति');
    expect(input('Page title').lang).toBe('hi');
    expect(input('Section 1 heading').lang).toBe('hi');
    expect(input('Section 1 paragraphs').lang).toBe('hi');
    expect(input('Section 1 paragraphs').value).toBe('छह महीने या अधिक के लिए बहिष्करण हेतु सहायता से कहें।');

    fireEvent.click(button('Remove the Hindi translation'));
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm: remove the Hindi translation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls('PUT /admin/site-pages')).toHaveLength(0);

    fireEvent.click(button('Remove the Hindi translation'));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Confirm: remove the Hindi translation' })).getByRole(
        'button',
        { name: 'Yes, remove the translation' },
      ),
    );
    expect(
      await screen.findByText(
        'Hindi translation of Exclusion policy removed: players who read Hindi see the English page.',
      ),
    ).toBeTruthy();
    expect(server.calls('PUT /admin/site-pages')[0]!.body).toEqual({
      page: 'exclusion-policy',
      language: 'hi',
      updatedAt: '2025-11-21T09:00:00.000Z',
      text: null,
    });
    // No translation now: an empty form beside the English text.
    await waitFor(() => expect(input('Page title').value).toBe(''));
    expect(screen.queryByText('Remove the Hindi translation', { selector: 'button' })).toBeNull();
    expect(screen.getByText(/Exclusion policy has no Hindi translation yet/)).toBeTruthy();
    expect(screen.getByTestId('page-exclusion-policy').textContent).toContain('No Hindi translation');
  });

  it('starts a Hindi translation from nothing, with the English text beside it to translate', async () => {
    signedInAs('owner');
    const server = pagesServer();
    renderSite(PAGES_TAB);
    await loaded();
    fireEvent.click(input('हिन्दी (Hindi)'));

    // Nothing prefilled: the English text is there to read, not to edit.
    expect(input('Page title').value).toBe('');
    expect(input('Section 1 paragraphs').value).toBe('');
    expect(screen.queryByLabelText('Section 2 heading')).toBeNull();
    const reference = screen.getByRole('article', { name: 'English text, for reference' });
    expect(reference.getAttribute('lang')).toBe('en');
    expect(reference.textContent).toContain(rulesEnglish.title);
    expect(reference.textContent).toContain('Players must be 18 or older.');
    expect(reference.textContent).toContain('Bets on an abandoned match are void.');
    expect(within(reference).queryByRole('textbox')).toBeNull();
    expect(screen.getByText(/Rules and regulations has no Hindi translation yet/)).toBeTruthy();
    expect(screen.queryByText('Remove the Hindi translation', { selector: 'button' })).toBeNull();

    type('Page title', ' नियम और विनियम ');
    type('Section 1 heading', 'सामान्य');
    type('Section 1 paragraphs', 'स्वीकार होने के बाद सभी दांव अंतिम हैं।\n\nखिलाड़ी 18 वर्ष या अधिक के हों।');
    fireEvent.click(button('Save the Hindi translation'));
    expect(await screen.findByText(/Rules and regulations saved in Hindi/)).toBeTruthy();
    expect(server.calls('PUT /admin/site-pages')[0]!.body).toEqual({
      page: 'rule-regulations',
      language: 'hi',
      updatedAt: '2025-11-20T09:00:00.000Z',
      text: {
        title: 'नियम और विनियम',
        sections: [
          {
            heading: 'सामान्य',
            paragraphs: ['स्वीकार होने के बाद सभी दांव अंतिम हैं।', 'खिलाड़ी 18 वर्ष या अधिक के हों।'],
          },
        ],
      },
    });
    await waitFor(() => expect(button('Save the Hindi translation').disabled).toBe(true));
    expect(screen.getByText('Remove the Hindi translation', { selector: 'button' })).toBeTruthy();
    expect(screen.getByTestId('page-rule-regulations').textContent).toContain('Hindi translation: yes.');
  });

  it('asks for the English page before a translation of a page never written', async () => {
    signedInAs('owner');
    const server = pagesServer();
    renderSite(PAGES_TAB);
    await loaded();
    fireEvent.click(input('Responsible gaming'));
    fireEvent.click(input('हिन्दी (Hindi)'));
    expect(
      screen.getByText(/Responsible gaming has no English text yet\. Write the English page first/),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Page title')).toBeNull();

    fireEvent.click(button('Write the English page'));
    expect(input('English').checked).toBe(true);
    expect(input('Page title').value).toBe('');

    // Should the server still refuse a translation, its words are shown in the panel.
    server.on('PUT /admin/site-pages', refused(400, 'VALIDATION_FAILED', 'Write the English page first.'));
    type('Page title', 'Responsible Gaming');
    type('Section 1 paragraphs', 'Set yourself limits.');
    fireEvent.click(button('Save the English page'));
    expect(
      await screen.findByText(/Not saved: Write the English page first\./, { selector: 'p' }),
    ).toBeTruthy();
  });

  it('asks before dropping unsaved changes to open another page', async () => {
    signedInAs('owner');
    pagesServer();
    renderSite(PAGES_TAB);
    await loaded();
    type('Page title', 'Unsaved rules');

    fireEvent.click(input('Exclusion policy'));
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm: discard unsaved changes' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(input('Rules and regulations').checked).toBe(true);
    expect(input('Page title').value).toBe('Unsaved rules');

    fireEvent.click(input('Exclusion policy'));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Confirm: discard unsaved changes' })).getByRole(
        'button',
        {
          name: 'Discard my changes',
        },
      ),
    );
    expect(input('Exclusion policy').checked).toBe(true);
    expect(input('Page title').value).toBe(exclusionEnglish.title);

    // Nothing unsaved: another page opens at once.
    fireEvent.click(input('Rules and regulations'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(input('Page title').value).toBe(rulesEnglish.title);
  });

  it('says "not allowed" when the server refuses the role', async () => {
    signedInAs('finance');
    fakeServer({
      'GET /admin/site-pages': refused(
        403,
        'FORBIDDEN',
        'Your role (finance) may not do this: it needs owner.',
      ),
    });
    renderSite(PAGES_TAB);
    expect(await screen.findByText(/may not see or change the site's pages/)).toBeTruthy();
    expect(screen.queryByLabelText('Page title')).toBeNull();
  });
});
