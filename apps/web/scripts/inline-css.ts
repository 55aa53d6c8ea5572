import type { Plugin } from 'vite';

/**
 * Puts the entry's stylesheet inside index.html (a `<style>` element in place of its `<link>`): the
 * shell and the server's first screen paint with the HTML, without another request (a new
 * connection and a round trip on a phone network) before the first paint. About 5 KB compressed.
 * The server's Content-Security-Policy allows inline styles; the file itself stays in the build.
 */
export function inlineCss(): Plugin {
  return {
    name: 'backlay-inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/?([^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            const css =
              typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
          },
        );
      },
    },
  };
}
