import { parse } from 'acorn';

/** A character past Latin-1: one makes V8 hold the whole text two bytes a character. */
const WIDE = /[\u0100-\u{10ffff}]/u;

/**
 * The server's bundle with every character past Latin-1 written as an escape, so V8 keeps its
 * source as one byte a character instead of two (issue 18's idle memory: the 1 MB bundle held 2.1
 * MB of heap because 42 characters such as ₹, − and … sat in it). esbuild already escapes them in
 * strings; it leaves them in the comments it keeps, in regular expressions with the u flag and in
 * String.raw templates. Here, found with a real parser (acorn): in comments written as `\u{20b9}`
 * (text, meaning nothing), in a regular expression as `\u{20b9}` with the u or v flag and as its
 * UTF-16 units (`\u20b9`, `\ud83d\ude00`) without (the same character to the pattern). A template's
 * raw text is left alone: its escape would change what String.raw gives. Returns the text unchanged
 * when it cannot parse it.
 */
export function asciiSource(text) {
  if (!WIDE.test(text)) return text;
  /** [start, end, kind] of each comment and regular expression holding such a character. */
  const spans = [];
  try {
    parse(text, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      onComment: (_block, body, start, end) => {
        if (WIDE.test(body)) spans.push([start, end, 'comment']);
      },
      onToken: (token) => {
        if (token.type.label === 'regexp' && WIDE.test(text.slice(token.start, token.end)))
          spans.push([token.start, token.end, token.value.flags]);
      },
    });
  } catch {
    return text;
  }
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end, kind] of spans) {
    // A comment, or a pattern with the u or v flag, reads a code point; any other pattern reads
    // code units, so an astral character there is its two halves.
    const byCodePoint = kind === 'comment' || /[uv]/.test(kind);
    out += text.slice(at, start);
    out += text
      .slice(start, end)
      .replace(new RegExp(WIDE.source, 'gu'), (ch) =>
        byCodePoint
          ? `\\u{${ch.codePointAt(0).toString(16)}}`
          : Array.from(
              { length: ch.length },
              (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`,
            ).join(''),
      );
    at = end;
  }
  return out + text.slice(at);
}
