import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every message a player can read exists in English and in Hindi: each `locales/en.json` has a
 * `locales/hi.json` beside it with the same ids, every Hindi message written (in Devanagari, unless
 * it is only figures, signs and abbreviations such as "UPI"), with the same placeholders; ids carry
 * their feature's name; and no id is left in a catalog that no code uses.
 */

const SRC = resolve(import.meta.dirname, '../..');

function walk(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, found);
    else found.push(path);
  }
  return found;
}

const files = walk(SRC);
const catalogs = files.filter((f) => f.endsWith(`locales${'/'}en.json`));
const code = files
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

/** The namespace of a catalog: features/<name>, app, or shared. */
function namespaceOf(enPath: string): string {
  const rel = relative(SRC, enPath).split(/[\\/]/);
  if (rel[0] === 'features') return rel[1] as string;
  return rel[0] === 'app' ? 'app' : 'shared';
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
const placeholders = (message: string) => [...message.matchAll(/\{\s*(\w+)/g)].map((m) => m[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;

describe('message catalogs', () => {
  it('are found beside app/, shared/ and each feature', () => {
    expect(catalogs.length).toBeGreaterThanOrEqual(3);
  });

  for (const enPath of catalogs) {
    const name = namespaceOf(enPath);
    describe(relative(SRC, enPath), () => {
      const english = read(enPath);
      const hindi = read(enPath.replace(/en\.json$/, 'hi.json'));

      it('has the same ids in Hindi as in English', () => {
        expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
      });

      it('has every message written in Hindi, with the same placeholders', () => {
        for (const [id, message] of Object.entries(english)) {
          const translated = hindi[id] ?? '';
          expect(translated.trim(), id).not.toBe('');
          if (!DEVANAGARI.test(translated)) {
            // Only figures, signs, placeholders and abbreviations may stay as they are ("UPI",
            // "₹{amount}", "{game}, {provider}").
            expect(translated.replace(/\{\s*\w+\s*\}/g, ''), `${id} is not translated`).toMatch(/^[^a-z]*$/);
          }
          expect(placeholders(translated), id).toEqual(placeholders(message));
        }
      });

      it(`names its ids after the namespace (${name}.…) and uses every one`, () => {
        for (const id of Object.keys(english)) {
          expect(id.startsWith(`${name}.`), id).toBe(true);
          expect(code.includes(`'${id}'`) || code.includes(`"${id}"`), `${id} is used`).toBe(true);
        }
      });
    });
  }
});
