// What every boundaries config in this repo shares: one plugin instance, one project root and a
// resolver that follows each workspace's tsconfig paths. Each side (web, server) declares its own
// element types in a config object scoped to its files, so the two sets never meet.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';

export { boundaries };

/** The repository root: element patterns are written relative to it, whatever the cwd. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Settings for one side of the repo: its element types and the tsconfig whose `paths` the
 * resolver follows (so `@/…` imports are classified like relative ones).
 * @param {{ elements: import('eslint-plugin-boundaries').Settings['boundaries/elements'], tsconfig: string }} side
 */
export function boundariesSettings({ elements, tsconfig }) {
  return {
    'boundaries/root-path': repoRoot,
    'boundaries/elements': elements,
    // Static imports, dynamic import() (lazy routes) and re-exports all make a dependency.
    'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
    'import/resolver': {
      typescript: { project: path.join(repoRoot, tsconfig), alwaysTryTypes: false },
    },
  };
}
