import { describe, expect, it } from 'vitest';
import {
  ALLOWED_LINK_SCHEMES,
  COMMENT_MARKERS,
  QUOTE_CHARACTERS,
  SQL_KEYWORDS,
  safeLink,
  sanitizeIncoming,
  sanitizeOutgoing,
  sanitizeOutgoingString,
  stripHtml,
} from './sanitize';

describe('outgoing strings (section 5)', () => {
  it('lists exactly the SQL keywords of section 5', () => {
    expect([...SQL_KEYWORDS]).toEqual([
      'select',
      'insert',
      'delete',
      'update',
      'drop',
      'union',
      'where',
      'like',
      'exec',
      'cast',
      'declare',
      'from',
      'column',
      'table',
      'database',
      'into',
      'count(*)',
      'having',
    ]);
  });

  it.each(SQL_KEYWORDS.filter((k) => k !== 'count(*)'))('removes the keyword %s in any case', (keyword) => {
    expect(sanitizeOutgoingString(`a ${keyword} b`)).toBe('a  b');
    expect(sanitizeOutgoingString(`a ${keyword.toUpperCase()} b`)).toBe('a  b');
    const mixed = keyword[0]?.toUpperCase() + keyword.slice(1);
    expect(sanitizeOutgoingString(`${mixed}`)).toBe('');
  });

  it('removes count(*) literally, with or without spaces', () => {
    expect(sanitizeOutgoingString('x count(*) y')).toBe('x  y');
    expect(sanitizeOutgoingString('COUNT( * )')).toBe('');
  });

  it('keeps words that merely contain a keyword', () => {
    expect(sanitizeOutgoingString('selection castle fromage updated')).toBe(
      'selection castle fromage updated',
    );
  });

  it.each(QUOTE_CHARACTERS)('removes the quote %s', (quote) => {
    expect(sanitizeOutgoingString(`it${quote}s`)).toBe('its');
  });

  it.each(COMMENT_MARKERS)('removes the comment marker %s', (marker) => {
    expect(sanitizeOutgoingString(`a${marker}b`)).toBe('ab');
  });

  it('removes semicolons', () => {
    expect(sanitizeOutgoingString('a;b;;c')).toBe('abc');
  });

  it('strips HTML tags and their attributes but keeps the text', () => {
    expect(sanitizeOutgoingString('<b class="x" onclick="evil()">bold</b> text')).toBe('bold text');
    expect(sanitizeOutgoingString('<img src=x onerror=alert(1)>hi')).toBe('hi');
  });

  it('drops script and style elements with their content', () => {
    expect(sanitizeOutgoingString('a<script>alert(1)</script>b<style>p{}</style>c')).toBe('abc');
  });

  it('trims after removing', () => {
    expect(sanitizeOutgoingString('  drop table users;  ')).toBe('users');
  });

  it('does not let removals splice a new marker together', () => {
    expect(sanitizeOutgoingString("sel'ect")).toBe('');
    expect(sanitizeOutgoingString('-;-')).toBe('');
  });

  it('walks bodies and query objects deeply and leaves non-strings alone', () => {
    const body = { name: " O'Brien ", n: 3, ok: true, nested: { list: ['<i>x</i>', 'a;b'] }, none: null };
    expect(sanitizeOutgoing(body)).toEqual({
      name: 'OBrien',
      n: 3,
      ok: true,
      nested: { list: ['x', 'ab'] },
      none: null,
    });
  });

  it('leaves exempt credential fields untouched', () => {
    const token = 'eyJ--abc;def';
    expect(sanitizeOutgoing({ refreshToken: token, note: token }, ['refreshToken'])).toEqual({
      refreshToken: token,
      note: 'eyJabcdef',
    });
  });

  it('passes a base64 image data URL untouched, and only that', () => {
    // A screenshot whose base64 happens to hold "+from/" and whose header holds a ';'.
    const image = 'data:image/png;base64,iVBORw0KGgo+from/Like+SELECT/AAAA==';
    expect(sanitizeOutgoing({ image })).toEqual({ image });
    // Anything else in a data URL's clothing is sanitised as usual.
    expect(sanitizeOutgoing({ image: 'data:image/png;base64,AA<b>x</b> from' })).toEqual({
      image: 'data:image/pngbase64,AAx',
    });
    expect(sanitizeOutgoing({ image: 'data:text/html;base64,PHNjcmlwdD4=' })).toEqual({
      image: 'data:text/htmlbase64,PHNjcmlwdD4=',
    });
  });

  it('keeps a strong password of the section 5 alphabet intact', () => {
    expect(sanitizeOutgoingString('Passw0rd@#1!')).toBe('Passw0rd@#1!');
  });
});

describe('incoming strings (section 5)', () => {
  it('strips HTML only: quotes, semicolons and keywords stay', () => {
    expect(sanitizeIncoming({ message: `<b>Don't</b> select; "this"` })).toEqual({
      message: `Don't select; "this"`,
    });
  });

  it('keeps link fields only with an allowed scheme', () => {
    expect(ALLOWED_LINK_SCHEMES).toEqual(['http', 'https', 'ftp', 'mailto', 'tel']);
    const data = sanitizeIncoming({
      mainLogo: 'javascript:alert(1)',
      favicon: 'https://cdn.example/f.ico',
      sliderImages: [{ imageUrl: 'data:text/html;base64,xx', link: 'tel:+911234567890' }],
      supportLink: 'mailto:help@example.com',
      text: 'javascript: is a word here',
    });
    expect(data).toEqual({
      mainLogo: '',
      favicon: 'https://cdn.example/f.ico',
      sliderImages: [{ imageUrl: '', link: 'tel:+911234567890' }],
      supportLink: 'mailto:help@example.com',
      text: 'javascript: is a word here',
    });
  });

  it('keeps a base64 image data URL in an image field (the gateway QR code), and only there', () => {
    const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M4 4h7"/></svg>');
    const qrDataUrl = `data:image/svg+xml;base64,${svg}`;
    const qrSvg = atob(svg);
    // The SVG itself is HTML-like text and is stripped to nothing; its data URL passes whole.
    expect(sanitizeIncoming({ qrSvg, qrDataUrl })).toEqual({ qrSvg: '', qrDataUrl });
    expect(sanitizeIncoming({ imageUrl: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({
      imageUrl: 'data:image/png;base64,iVBORw0KGgo=',
    });
    // Not in a field one follows, not another media type, not unencoded, not with anything after.
    expect(sanitizeIncoming({ link: qrDataUrl, href: qrDataUrl })).toEqual({ link: '', href: '' });
    expect(
      sanitizeIncoming({
        a: { imageUrl: 'data:text/html;base64,PHNjcmlwdD4=' },
        b: { imageUrl: 'data:image/svg+xml,<svg onload=alert(1)>' },
        c: { imageUrl: `${qrDataUrl}"onerror="x` },
      }),
    ).toEqual({ a: { imageUrl: '' }, b: { imageUrl: '' }, c: { imageUrl: '' } });
  });

  it('sanitises the answer where it lies: its strings rewritten, nothing copied, no prototype set', () => {
    const answer = JSON.parse(
      '{"events":[{"title":"<i>India</i> v Australia","score":"120/3"}],"names":["<b>A</b>","B"],"__proto__":{"polluted":"<b>yes</b>"}}',
    ) as { events: { title: string; score: string }[]; names: string[]; polluted?: string };
    const events = answer.events;
    const first = events[0];
    expect(sanitizeIncoming(answer)).toBe(answer);
    expect(answer.events).toBe(events);
    expect(answer.events[0]).toBe(first);
    expect(answer.events[0]).toEqual({ title: 'India v Australia', score: '120/3' });
    expect(answer.names).toEqual(['A', 'B']);
    // JSON.parse makes "__proto__" an own key: its strings are cleaned, the prototype stays Object's.
    expect(Object.getPrototypeOf(answer)).toBe(Object.prototype);
    expect(answer.polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(answer, '__proto__')?.value).toEqual({ polluted: 'yes' });
  });

  it.each(ALLOWED_LINK_SCHEMES)('allows the %s scheme', (scheme) => {
    expect(safeLink(`${scheme}:something`)).toBe(`${scheme}:something`);
  });

  it('refuses schemes hidden with whitespace or case, and keeps relative links', () => {
    expect(safeLink(' Java\tScript:alert(1)')).toBe('');
    expect(safeLink('vbscript:x')).toBe('');
    expect(safeLink('/images/logo.png')).toBe('/images/logo.png');
  });

  it('stripHtml removes comments and unclosed tags', () => {
    expect(stripHtml('a<!-- hidden -->b<br/>c<p')).toBe('abc');
    expect(stripHtml('2 < 3 and 5 > 4')).toBe('2 < 3 and 5 > 4');
  });
});
