import { parse } from 'acorn';

/**
 * The server's bundle with every character past Latin-1 written as an escape, so V8 keeps its
 * source as one byte a character instead of two (issue 18's idle memory: the 1 MB bundle held 2.1
 * MB of heap because 42 characters such as ₹, − and … sat in it). esbuild already escapes them in
 * strings; it leaves them in the comments it keeps, in regular expressions with the u flag and in
 * String.raw templates. Here, found with a real parser (acorn): in comments written as `\u{20b9}`
 * (text, meaning nothing), in a regular expression as `\u20b9` or `\u{1f600}` with the u or v flag
 * (the same character to the pattern). A template's raw text is left alone: its escape would change
 * what String.raw gives. Returns the text unchanged when it cannot parse it.
 */
export function asciiSource(text) {
  if (!/[\u0100-\u{10ffff}]/u.test(text)) return text;
  /** [start, end, kind] of each comment and regular expression holding such a character. */
  const spans = [];
  const wide = (s) => /[\u0100-\u{10ffff}]/u.test(s);
  try {
    parse(text, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      onComment: (_block, body, start, end) => {
        if (wide(body)) spans.push([start, end, 'comment']);
      },
      onToken: (token) => {
        if (token.type.label === 'regexp' && wide(text.slice(token.start, token.end)))
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
    out += text.slice(at, start);
    const unicode = kind !== 'comment' && /[uv]/.test(kind);
    out += text.slice(start, end).replace(/[\u0100-\u{10ffff}]/gu, (ch) => {
      const code = ch.codePointAt(0);
      const hex = code.toString(16);
      if (kind === 'comment' || code > 0xffff) {
        // An astral character in a pattern without u or v is two code units: each escaped.
        if (kind !== 'comment' && !unicode)
          return [...Array(ch.length).keys()]
            .map((i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`)
            .join('');
        return `\\u{${hex}}`;
      }
      return `\\u${hex.padStart(4, '0')}`;
    });
    at = end;
  }
  return out + text.slice(at);
}
