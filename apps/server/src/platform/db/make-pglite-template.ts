// Run by `npm start`'s build (scripts/server-build.mjs, bundled to dist/make-pglite-template.mjs):
// makes the migrated, empty PGlite database a first start loads (`templateForNewDataDir`), unless
// the one for these migrations is there already.
import { readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BUILD_TEMPLATE_FOLDER, pgliteTemplate, pgliteTemplateFile } from './pglite-template';

const file = pgliteTemplateFile(BUILD_TEMPLATE_FOLDER);
await pgliteTemplate(BUILD_TEMPLATE_FOLDER);
// Copies for other migrations or another PGlite are never read again.
for (const name of readdirSync(BUILD_TEMPLATE_FOLDER))
  if (name.startsWith('backlay-pglite-template-') && name !== basename(file))
    rmSync(join(BUILD_TEMPLATE_FOLDER, name), { force: true });
console.log(`the embedded database's starting copy: ${file}`);
