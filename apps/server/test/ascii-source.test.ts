import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { asciiSource } from '../../../scripts/ascii-source.mjs';

const wide = /[\u0100-\u{10ffff}]/u;

describe("the server bundle's source kept one byte a character", () => {
  it('escapes comments and regular expressions, and the code does the same', () => {
    const source = [
      '/** Settled profit (+) or loss (−), in ₹ … */',
      'const stake = /^[\\p{L}\\p{N} .,+₹]+$/u; // a stake button’s title',
      'const smile = /a😀b/; const smileU = /a😀b/u; const classed = /[₹€]/;',
      // Strings as esbuild writes them: escaped.
      '[stake.test("\\u20b9500"), stake.test("$5"), smile.test("a\\ud83d\\ude00b"), smileU.test("a\\u{1f600}b"),',
      ' classed.test("\\u20ac"), classed.test("$"), "caf\\xe9"]',
    ].join('\n');
    const out = asciiSource(source);
    expect(out).not.toMatch(wide);
    expect(out).toContain('loss (\\u{2212}), in \\u{20b9} \\u{2026}');
    expect(runInNewContext(out)).toEqual(runInNewContext(source));
    expect(runInNewContext(out)).toEqual([true, false, true, true, true, false, 'café']);
  });

  it("leaves strings (esbuild's) and a template's raw text as they are", () => {
    const source = 'const a = "₹"; const b = String.raw`(?:₹|Rs)`; [a, b]';
    expect(asciiSource(source)).toBe(source);
  });

  it('gives back what it cannot parse unchanged', () => {
    const broken = 'const = "₹" /* − */';
    expect(asciiSource(broken)).toBe(broken);
  });
});
