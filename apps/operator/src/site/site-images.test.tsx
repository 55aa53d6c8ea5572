import { MAX_IMAGE_BYTES } from '@backlay/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '@/test/console';
import { fakeServer, ok, refused } from '@/test/fake-server';
import { input, renderSite } from '@/test/site-screen';
import type { storedSettings } from '@/test/site-fixtures';
import { imageFile, siteSettings } from '@/test/site-fixtures';

const choose = (label: string, file: File) => fireEvent.change(input(label), { target: { files: [file] } });
/** The image field around a label: its address, its upload and what it says. */
const fieldOf = (label: string) => input(label).closest('.site-image') as HTMLElement;

describe('the Site screen: images', { timeout: 20_000 }, () => {
  it('refuses a file that is not an image, or is too large, on screen without a request', async () => {
    signedInAs('owner');
    const server = fakeServer({ 'GET /admin/site-settings': ok(siteSettings()) });
    renderSite();
    await screen.findByLabelText('Site title');

    choose('Upload a logo', new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
    expect(within(fieldOf('Logo address')).getByRole('alert').textContent).toContain(
      '“notes.txt” is not a PNG, JPEG or WebP image',
    );
    // An SVG is an image, but not one the server keeps.
    choose('Upload a favicon', new File(['<svg/>'], 'icon.svg', { type: 'image/svg+xml' }));
    expect(within(fieldOf('Favicon address')).getByRole('alert').textContent).toContain(
      '“icon.svg” is not a PNG, JPEG or WebP image',
    );
    choose('Upload a logo', imageFile('huge.png', 'image/png', MAX_IMAGE_BYTES + 1));
    expect(within(fieldOf('Logo address')).getByRole('alert').textContent).toContain(
      '“huge.png” is 5.0 MB: an image is at most 5 MB.',
    );
    expect(server.calls('POST /admin/site-images')).toHaveLength(0);
    // The addresses are untouched.
    expect(input('Logo address').value).toBe('/logo.png');
    expect(input('Favicon address').value).toBe('/favicon.png');
  });

  it("uploads an image, puts the server's address in the field and the preview, and saves it", async () => {
    signedInAs('owner');
    const server = fakeServer({
      'GET /admin/site-settings': ok(siteSettings()),
      'POST /admin/site-images': (req) => {
        const kind = (req.body as { kind: string }).kind;
        return ok({ url: `/site-images/1-${kind}.png`, contentType: 'image/png', bytes: 8 });
      },
    });
    server.on('PUT /admin/site-settings', (req) =>
      ok(siteSettings((req.body as { settings: typeof storedSettings }).settings, 5)),
    );
    renderSite();
    await screen.findByLabelText('Site title');

    choose('Upload a logo', imageFile('brand.png'));
    await waitFor(() => expect(input('Logo address').value).toBe('/site-images/1-logo.png'));
    const upload = server.calls('POST /admin/site-images')[0]!;
    expect(upload.authorization).toBe('Bearer token-of-owner_op');
    expect(upload.body).toEqual({ kind: 'logo', dataUrl: expect.stringMatching(/^data:image\/png;base64,/) });
    expect(within(fieldOf('Logo address')).getByRole('status').textContent).toBe(
      'Uploaded “brand.png”: save the settings to use it.',
    );
    expect(screen.getByTestId('preview-logo').getAttribute('src')).toBe('/site-images/1-logo.png');

    choose('Upload slide 2 image', imageFile('promo.webp', 'image/webp'));
    await waitFor(() => expect(input('Slide 2 image address').value).toBe('/site-images/1-slide.png'));
    expect(server.calls('POST /admin/site-images')[1]!.body).toMatchObject({ kind: 'slide' });

    fireEvent.click(screen.getByText('Save settings', { selector: 'button' }));
    await waitFor(() => expect(server.calls('PUT /admin/site-settings')).toHaveLength(1));
    expect(server.calls('PUT /admin/site-settings')[0]!.body).toMatchObject({
      settings: {
        mainLogo: '/site-images/1-logo.png',
        sliderImages: [
          { imageUrl: '/slides/cricket.png', link: '/inplay' },
          { imageUrl: '/site-images/1-slide.png', link: null },
        ],
      },
      version: 4,
    });
  });

  it("shows the server's refusal of an image beside its field", async () => {
    signedInAs('owner');
    const server = fakeServer({
      'GET /admin/site-settings': ok(siteSettings()),
      'POST /admin/site-images': refused(400, 'IMAGE_INVALID', 'The file is not a PNG, JPEG or WebP image.'),
    });
    renderSite();
    await screen.findByLabelText('Site title');

    // Named .png, but the server judges the bytes.
    choose('Upload a favicon', imageFile('renamed.png'));
    const alert = await within(fieldOf('Favicon address')).findByRole('alert');
    expect(alert.textContent).toContain(
      'The server refused “renamed.png”: The file is not a PNG, JPEG or WebP image.',
    );
    expect(alert.textContent).toContain('(IMAGE_INVALID)');
    expect(server.calls('POST /admin/site-images')).toHaveLength(1);
    expect(input('Favicon address').value).toBe('/favicon.png');

    server.on('POST /admin/site-images', refused(413, 'IMAGE_TOO_LARGE', 'The image is larger than 5 MB.'));
    choose('Upload a favicon', imageFile('again.png'));
    expect(
      (await within(fieldOf('Favicon address')).findByText(/The image is larger than 5 MB/)).textContent,
    ).toContain('(IMAGE_TOO_LARGE)');
  });
});
