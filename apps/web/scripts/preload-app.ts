import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * index.html starts the app with a dynamic import once the shell has painted (src/main.tsx), so
 * the build does not list the app's chunks in the page. This lists them (the chunk of `module` and
 * every chunk it imports) as modulepreload links: they download while the HTML and the stylesheet
 * do, and are only evaluated after the first paint.
 */
export function preloadApp(options: { module: string }): Plugin {
  let base = '/';
  return {
    name: 'backlay-preload-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = new Map<string, { imports: string[]; facadeModuleId: string | null; code: string }>();
        for (const item of Object.values(ctx.bundle ?? {})) {
          if (item.type === 'chunk') chunks.set(item.fileName, item);
        }
        const app = [...chunks].find(([, c]) =>
          c.facadeModuleId?.replace(/\\/g, '/').endsWith(options.module),
        );
        if (!app) throw new Error(`preload-app: no chunk is built from ${options.module}`);
        const files = new Set<string>();
        const stack = [app[0]];
        while (stack.length > 0) {
          const file = stack.pop() as string;
          if (files.has(file)) continue;
          files.add(file);
          stack.push(...(chunks.get(file)?.imports ?? []));
        }
        // The largest first: on HTTP/1.1 the browser opens six connections, and it waits longest.
        const size = (file: string) => chunks.get(file)?.code.length ?? 0;
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((file) => !html.includes(`${base}${file}"`))
          .sort((a, b) => size(b) - size(a))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          }));
        return tags;
      },
    },
  };
}
