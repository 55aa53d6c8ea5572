import { MAX_IMAGE_DATA_URL_LENGTH, routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/http/app-error';
import { defineRoute } from '../platform/http/define-route';
import { SITE_IMAGES_PATH, SiteImagesService } from './site-images-service';

/** The path names the content (its hash): a browser may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The site's images: the owner uploads one (POST /admin/site-images, the owner alone), and anyone
 * gets it at the path answered, on the site's own host (`GET /site-images/{name}`, no token: a logo
 * is public). Another site's host, a wrong hash or an unknown name answers 404.
 */
export async function siteImagesRoutes(app: FastifyInstance) {
  const images = new SiteImagesService(app.db);

  defineRoute(
    app,
    routes.adminUploadSiteImage,
    ({ body, operator, audit }) => images.upload(operator, body, audit),
    // A 5 MB image is about 6.7 MB of base64: this route alone takes a body that large.
    { bodyLimit: MAX_IMAGE_DATA_URL_LENGTH + 64 * 1024 },
  );

  app.get<{ Params: { name: string } }>(`${SITE_IMAGES_PATH}/:name`, async (req, reply) => {
    const image = await images.served(req.domain.id, req.params.name);
    if (!image) throw new AppError('NOT_FOUND', 'No such image.');
    return (
      reply
        .header('content-type', image.contentType)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        // Opened on its own, it is a picture and nothing runs.
        .header('content-security-policy', "default-src 'none'")
        // The family's V1 client, served from another origin, shows the site's logo from here.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(image.bytes)
    );
  });
}
