import { readFile } from 'node:fs/promises';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const SUFFIX = '?lingui';

/**
 * Message catalogs (`locales/en.json`, `locales/hi.json` beside each feature) are written as ICU
 * messages and compiled by Lingui's own compiler when they are imported with `?lingui`, at build
 * and in tests alike: the bundle carries compiled messages, and Lingui's runtime needs no parser.
 */
export function linguiCatalogs(): Plugin {
  return {
    name: 'backlay-lingui-catalogs',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(`.json${SUFFIX}`)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      const source = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(source).map(([key, message]) => [key, compileMessage(message)]),
      );
      return { code: `export default ${JSON.stringify(compiled)};`, moduleType: 'js' };
    },
  };
}
