import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '@/test/console';
import { fakeServer, ok, refused } from '@/test/fake-server';
import { button, input, renderSite, type } from '@/test/site-screen';
import { siteSettings, storedSettings } from '@/test/site-fixtures';

// The route is not wired into the console yet: the page alone, with the console's providers.

function siteServer(settings = siteSettings()) {
  return fakeServer({ 'GET /admin/site-settings': ok(settings) });
}

const preview = () => screen.getByLabelText("Preview of the players' site");

async function loaded() {
  await screen.findByLabelText('Site title');
}

describe('the Site screen: settings', { timeout: 20_000 }, () => {
  it('fills the form from the stored settings and draws the preview from them', async () => {
    signedInAs('owner');
    const server = siteServer();
    renderSite();
    await loaded();
    expect(server.calls('GET /admin/site-settings')[0]!.authorization).toBe('Bearer token-of-owner_op');
    expect(input('Site title').value).toBe('Backlay');
    expect(input('Description').value).toBe('Back and lay on cricket, football and tennis.');
    expect(input('Logo address').value).toBe('/logo.png');
    expect(input('Favicon address').value).toBe('/favicon.png');
    expect(input('News text').value).toBe('Welcome to Backlay.');
    expect(input('Show the news marquee').checked).toBe(true);
    expect(input('Light').checked).toBe(true);
    expect(input('Blue').checked).toBe(false);
    expect(input('Slide 1 image address').value).toBe('/slides/cricket.png');
    expect(input('Slide 1 link').value).toBe('/inplay');
    expect(input('Slide 2 link').value).toBe('');
    expect(input('Horse Racing').checked).toBe(false);
    expect(input('Support WhatsApp number').value).toBe('');
    expect(input('API address').value).toBe('');
    expect(input('Site suspended').checked).toBe(false);
    // Nothing changed yet: nothing to save.
    expect(button('Save settings').disabled).toBe(true);
    expect(screen.getByTestId('site-save-state').textContent).toContain('Version 4');

    const site = preview();
    expect(site.dataset.theme).toBe('light');
    expect(within(site).getByTestId('preview-title').textContent).toBe('Backlay');
    expect(within(site).getByTestId('preview-logo').getAttribute('src')).toBe('/logo.png');
    expect(within(site).getByTestId('preview-logo').getAttribute('alt')).toBe('Backlay');
    expect(within(site).getByTestId('preview-favicon').getAttribute('src')).toBe('/favicon.png');
    expect(within(site).getByTestId('preview-news').textContent).toContain('Welcome to Backlay.');
    expect(within(site).getByTestId('preview-slide').getAttribute('src')).toBe('/slides/cricket.png');
    const sports = within(site).getByTestId('preview-sports');
    // In the players' client's order: by sport id, then Casino and Favourites.
    expect([...sports.children].map((tab) => tab.textContent!.trim())).toEqual([
      'In-Play',
      'Football',
      'Tennis',
      'Cricket',
      'Casino',
      'Favourites',
    ]);
    expect(within(site).queryByTestId('preview-sport-horseRacing')).toBeNull();
    expect(within(site).getByTestId('preview-deposit')).toBeTruthy();
    expect(within(site).getByTestId('preview-withdrawal')).toBeTruthy();
    expect(within(site).queryByTestId('preview-maintenance')).toBeNull();
  });

  it('redraws the preview as the owner types, before anything is saved', async () => {
    signedInAs('owner');
    const server = siteServer();
    renderSite();
    await loaded();
    const site = preview();

    type('Site title', 'Backlay Blue');
    expect(within(site).getByTestId('preview-title').textContent).toBe('Backlay Blue');
    expect(within(site).getByTestId('preview-logo').getAttribute('alt')).toBe('Backlay Blue');
    fireEvent.click(input('Blue'));
    expect(site.dataset.theme).toBe('blue');
    type('News text', 'Cup final tonight!');
    expect(within(site).getByTestId('preview-news').textContent).toContain('Cup final tonight!');
    fireEvent.click(input('Show the news marquee'));
    expect(within(site).queryByTestId('preview-news')).toBeNull();

    // Without a logo the header shows the mark and the title, as the players' client does.
    type('Logo address', '');
    expect(within(site).queryByTestId('preview-logo')).toBeNull();
    expect(within(site).getByTestId('preview-brand').textContent).toBe('BBacklay Blue');

    fireEvent.click(input('Kabaddi'));
    fireEvent.click(input('Tennis'));
    expect(within(site).getByTestId('preview-sport-kabaddi')).toBeTruthy();
    expect(within(site).queryByTestId('preview-sport-tennis')).toBeNull();
    fireEvent.click(input('Casino lobby on'));
    expect(within(site).queryByTestId('preview-sport-casino')).toBeNull();
    fireEvent.click(input('Show Deposit and Withdrawal'));
    expect(within(site).queryByTestId('preview-deposit')).toBeNull();
    expect(within(site).queryByTestId('preview-withdrawal')).toBeNull();
    fireEvent.click(input('Players may sign up'));
    expect(within(site).queryByTestId('preview-signup')).toBeNull();

    // The slider shows its first image that has an address; switched off, none.
    fireEvent.click(screen.getByLabelText('Move slide 2 up'));
    expect(within(site).getByTestId('preview-slide').getAttribute('src')).toBe('/slides/football.png');
    fireEvent.click(input('Show the image slider'));
    expect(within(site).queryByTestId('preview-slide')).toBeNull();

    expect(screen.getByTestId('site-save-state').textContent).toBe('Unsaved changes.');
    expect(server.calls('PUT /admin/site-settings')).toHaveLength(0);
  });

  it('saves the whole settings with the version read, then starts again from what was saved', async () => {
    signedInAs('owner');
    const server = siteServer();
    server.on('PUT /admin/site-settings', (req) => {
      const body = req.body as { settings: typeof storedSettings };
      return ok(siteSettings(body.settings, 5, '2025-11-24T11:00:00.000Z'));
    });
    renderSite();
    await loaded();

    type('Site title', '  Backlay Blue ');
    fireEvent.click(input('Blue'));
    type('News text', 'Cup final tonight!');
    type('Support WhatsApp number', '+919812345678');
    type('Slide 2 link', 'https://example.com/promo');
    fireEvent.click(button('Save settings'));

    expect(await screen.findByText('Saved. Players see it on their next page load.')).toBeTruthy();
    expect(server.calls('PUT /admin/site-settings')).toHaveLength(1);
    expect(server.calls('PUT /admin/site-settings')[0]!.body).toEqual({
      settings: {
        ...storedSettings,
        domainTitle: 'Backlay Blue',
        bodyBgColor: 'blue',
        newsText: 'Cup final tonight!',
        supportWhatsApp: '+919812345678',
        sliderImages: [
          { imageUrl: '/slides/cricket.png', link: '/inplay' },
          { imageUrl: '/slides/football.png', link: 'https://example.com/promo' },
        ],
      },
      version: 4,
    });
    // The form now stands on the saved settings and their version.
    await waitFor(() => expect(button('Save settings').disabled).toBe(true));
    expect(input('Site title').value).toBe('Backlay Blue');
    expect(screen.getByTestId('site-save-state').textContent).toContain('Version 5');

    type('News text', 'Semi-final tomorrow');
    fireEvent.click(button('Save settings'));
    await waitFor(() => expect(server.calls('PUT /admin/site-settings')).toHaveLength(2));
    expect(server.calls('PUT /admin/site-settings')[1]!.body).toMatchObject({
      settings: { newsText: 'Semi-final tomorrow', domainTitle: 'Backlay Blue' },
      version: 5,
    });
  });

  it("judges the form with the contract's rules before sending, and shows the server's own refusals", async () => {
    signedInAs('owner');
    const server = siteServer();
    renderSite();
    await loaded();

    type('Site title', '   ');
    type('News text', '');
    type('Support WhatsApp number', '12345');
    type('API address', 'http://api.example.com');
    fireEvent.click(button('Save settings'));
    expect(await screen.findByText('The site needs a title')).toBeTruthy();
    expect(screen.getByText('Write the news text, or switch the news off')).toBeTruthy();
    expect(screen.getByText('A WhatsApp number: 10 to 15 digits, + first if international')).toBeTruthy();
    expect(screen.getByText('The API address is an https:// address (or null: this site)')).toBeTruthy();
    expect(input('Site title').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls('PUT /admin/site-settings')).toHaveLength(0);

    // Emptied optional fields are none (null), as the contract has them.
    type('Site title', 'Backlay');
    type('News text', 'Hello');
    type('Support WhatsApp number', '');
    type('API address', '');
    server.on(
      'PUT /admin/site-settings',
      refused(400, 'VALIDATION_FAILED', 'The site needs a title', {
        validationErrors: [{ field: 'settings.description', message: 'Too long for the server' }],
      }),
    );
    fireEvent.click(button('Save settings'));
    expect(await screen.findByText('Too long for the server')).toBeTruthy();
    const body = server.calls('PUT /admin/site-settings')[0]!.body as { settings: Record<string, unknown> };
    expect(body.settings.supportWhatsApp).toBeNull();
    expect(body.settings.baseUrl).toBeNull();
    expect((await screen.findAllByText(/Not saved: The site needs a title/)).length).toBeGreaterThan(0);
  });

  it('says when someone saved newer settings, lists what differs, and reloads them into the form', async () => {
    signedInAs('owner');
    const theirs = siteSettings(
      { newsText: 'Their news', bodyBgColor: 'blue', kabaddi: true },
      6,
      '2025-11-24T10:30:00.000Z',
    );
    const server = siteServer();
    server.on('PUT /admin/site-settings', {
      status: 409,
      data: {
        success: false,
        result: null,
        error: {
          code: 'SETTINGS_STALE',
          message: 'The settings were saved by someone else meanwhile.',
          current: theirs,
        },
      },
    });
    renderSite();
    await loaded();

    type('News text', 'My news');
    type('Site title', 'My title');
    // The other owner's save lands meanwhile: a read now answers it.
    server.on('GET /admin/site-settings', ok(theirs));
    fireEvent.click(button('Save settings'));

    const notice = (await screen.findByText('Not saved: someone saved newer settings')).closest('section')!;
    expect(notice.getAttribute('aria-labelledby')).toBe('site-stale-title');
    expect(notice.textContent).toContain('You edited version 4; version 6 was saved');
    const table = within(notice).getByRole('table', { name: 'Settings that differ' });
    expect(within(table).getByTestId('stale-newsText').textContent).toBe('News textMy newsTheir news');
    expect(within(table).getByTestId('stale-domainTitle').textContent).toBe('Site titleMy titleBacklay');
    expect(within(table).getByTestId('stale-bodyBgColor').textContent).toBe('ThemeLightBlue');
    expect(within(table).getByTestId('stale-kabaddi').textContent).toBe('KabaddiOffOn');
    expect(within(table).queryByTestId('stale-description')).toBeNull();
    // Nothing was changed behind the owner's back: the form still holds their edits.
    expect(input('News text').value).toBe('My news');

    fireEvent.click(within(notice).getByRole('button', { name: 'Load the newer settings' }));
    expect(screen.queryByText('Not saved: someone saved newer settings')).toBeNull();
    expect(input('News text').value).toBe('Their news');
    expect(input('Site title').value).toBe('Backlay');
    expect(input('Blue').checked).toBe(true);
    expect(preview().dataset.theme).toBe('blue');
    expect(screen.getByText(/Loaded version 6/)).toBeTruthy();

    // Their edits made again, saved from the newer version.
    server.on('PUT /admin/site-settings', (req) =>
      ok(siteSettings((req.body as { settings: typeof storedSettings }).settings, 7)),
    );
    type('News text', 'My news');
    fireEvent.click(button('Save settings'));
    expect(await screen.findByText('Saved. Players see it on their next page load.')).toBeTruthy();
    expect(server.calls('PUT /admin/site-settings').at(-1)!.body).toMatchObject({
      settings: { newsText: 'My news', bodyBgColor: 'blue', kabaddi: true },
      version: 6,
    });
  });

  it('keeps a stored theme it does not offer until the owner picks another', async () => {
    signedInAs('owner');
    const server = siteServer(siteSettings({ bodyBgColor: 'dark' }));
    server.on('PUT /admin/site-settings', (req) =>
      ok(siteSettings((req.body as { settings: typeof storedSettings }).settings, 5)),
    );
    renderSite();
    await loaded();
    const keep = input('Keep “dark” (players see Light)');
    expect(keep.checked).toBe(true);
    expect(preview().dataset.theme).toBe('light');
    type('Site title', 'Backlay Dark');
    fireEvent.click(button('Save settings'));
    await waitFor(() => expect(server.calls('PUT /admin/site-settings')).toHaveLength(1));
    expect(server.calls('PUT /admin/site-settings')[0]!.body).toMatchObject({
      settings: { bodyBgColor: 'dark' },
    });
  });

  it('suspends the site only after a confirmation, and reopens it without one', async () => {
    signedInAs('owner');
    const server = siteServer();
    server.on('PUT /admin/site-settings', (req) =>
      ok(siteSettings((req.body as { settings: typeof storedSettings }).settings, 5)),
    );
    renderSite();
    await loaded();
    const suspended = () => input('Site suspended');

    fireEvent.click(suspended());
    const confirm = screen.getByLabelText('Confirm: suspend the site');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(suspended().checked).toBe(false);
    expect(button('Save settings').disabled).toBe(true);

    fireEvent.click(suspended());
    fireEvent.click(
      within(screen.getByLabelText('Confirm: suspend the site')).getByRole('button', {
        name: 'Yes, suspend the site',
      }),
    );
    expect(suspended().checked).toBe(true);
    expect(within(preview()).getByTestId('preview-maintenance')).toBeTruthy();
    expect(screen.getByText(/Saving suspends the site/)).toBeTruthy();
    fireEvent.click(button('Save settings'));
    await screen.findByText('Saved. Players see it on their next page load.');
    expect(server.calls('PUT /admin/site-settings')[0]!.body).toMatchObject({
      settings: { siteSuspended: true },
      version: 4,
    });
    expect(await screen.findByText(/This site is suspended: players see the maintenance page/)).toBeTruthy();

    // Reopening asks nothing.
    fireEvent.click(suspended());
    expect(screen.queryByLabelText('Confirm: suspend the site')).toBeNull();
    expect(suspended().checked).toBe(false);
    expect(screen.getByText('Saving reopens the site to players.')).toBeTruthy();
  });

  it('adds, reorders and removes slides, at most ten', async () => {
    signedInAs('owner');
    const server = siteServer();
    server.on('PUT /admin/site-settings', (req) =>
      ok(siteSettings((req.body as { settings: typeof storedSettings }).settings, 5)),
    );
    renderSite();
    await loaded();

    fireEvent.click(screen.getByLabelText('Move slide 1 down'));
    expect(input('Slide 1 image address').value).toBe('/slides/football.png');
    expect(input('Slide 2 link').value).toBe('/inplay');
    fireEvent.click(screen.getByLabelText('Remove slide 1'));
    expect(input('Slide 1 image address').value).toBe('/slides/cricket.png');
    expect(screen.queryByLabelText('Slide 2 image address')).toBeNull();

    const add = screen.getByText('Add a slide', { selector: 'button' }) as HTMLButtonElement;
    fireEvent.click(add);
    // A new slide needs its image before the settings save.
    fireEvent.click(button('Save settings'));
    expect(
      await screen.findByText('An https:// address or a path on this site starting with /'),
    ).toBeTruthy();
    expect(server.calls('PUT /admin/site-settings')).toHaveLength(0);
    type('Slide 2 image address', 'https://cdn.example.com/promo.webp');

    for (let n = 3; n <= 10; n += 1) fireEvent.click(add);
    expect(screen.getByLabelText('Slide 10 image address')).toBeTruthy();
    expect(add.disabled).toBe(true);
    for (let n = 10; n >= 3; n -= 1) fireEvent.click(screen.getByLabelText(`Remove slide ${n}`));
    expect(add.disabled).toBe(false);

    fireEvent.click(button('Save settings'));
    await waitFor(() => expect(server.calls('PUT /admin/site-settings')).toHaveLength(1));
    expect(
      (server.calls('PUT /admin/site-settings')[0]!.body as { settings: typeof storedSettings }).settings
        .sliderImages,
    ).toEqual([
      { imageUrl: '/slides/cricket.png', link: '/inplay' },
      { imageUrl: 'https://cdn.example.com/promo.webp', link: null },
    ]);
  });

  it('says "not allowed" when the server refuses the role', async () => {
    signedInAs('finance');
    fakeServer({
      'GET /admin/site-settings': refused(
        403,
        'FORBIDDEN',
        'Your role (finance) may not do this: it needs owner.',
      ),
    });
    renderSite();
    expect(await screen.findByText(/may not see or change the site's settings/)).toBeTruthy();
    expect(screen.queryByLabelText('Site title')).toBeNull();
  });
});
