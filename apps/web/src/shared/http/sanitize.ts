/**
 * Section 5 sanitisation. Outgoing strings lose HTML, quotes, SQL comment markers, semicolons and
 * SQL keywords, then are trimmed; incoming strings lose HTML only, and link fields keep only the
 * allowed schemes.
 */

/** Elements whose text is code or form state, not readable content: dropped with their content. */
const NON_TEXT_ELEMENTS =
  /<(script|style|textarea|noscript|iframe|object|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** A tag with any attributes, including quoted '>' inside attribute values. */
const HTML_TAG = /<\/?[A-Za-z!?][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>?/g;

export function stripHtml(input: string): string {
  // Every pattern above starts at a '<': most strings (names, prices, dates) hold none.
  if (!input.includes('<')) return input;
  return input.replace(NON_TEXT_ELEMENTS, '').replace(HTML_COMMENT, '').replace(HTML_TAG, '');
}

/** The SQL keywords of section 5. `count(*)` is literal; the rest are whole words in any case. */
export const SQL_KEYWORDS = [
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
] as const;

/** Quotes of every kind a browser keyboard types. */
export const QUOTE_CHARACTERS = ["'", '"', '`'] as const;
/** SQL comment markers. '#' is not one here: section 5 allows it in passwords. */
export const COMMENT_MARKERS = ['--', '/*', '*/'] as const;

const WORD_KEYWORDS = SQL_KEYWORDS.filter((k) => /^[a-z]+$/.test(k));
const KEYWORD_PATTERN = new RegExp(`\\b(?:${WORD_KEYWORDS.join('|')})\\b`, 'gi');
const COUNT_STAR = /count\s*\(\s*\*\s*\)/gi;
const QUOTES = /['"`]/g;
const COMMENTS = /--|\/\*|\*\//g;
const SEMICOLONS = /;/g;

export function sanitizeOutgoingString(input: string): string {
  let out = stripHtml(input);
  // Repeat until stable, so removals cannot splice a new marker together ('sel--ect', '-/**/-').
  for (let i = 0; i < 10; i += 1) {
    const next = out
      .replace(COUNT_STAR, '')
      .replace(COMMENTS, '')
      .replace(QUOTES, '')
      .replace(SEMICOLONS, '')
      .replace(KEYWORD_PATTERN, '');
    if (next === out) break;
    out = next;
  }
  return out.trim();
}

export const ALLOWED_LINK_SCHEMES = ['http', 'https', 'ftp', 'mailto', 'tel'] as const;
const SCHEME = /^\s*([A-Za-z][A-Za-z0-9+.-]*):/;

/** A link with a scheme outside the allowed list becomes empty; relative links stay. */
export function safeLink(url: string): string {
  // Browsers ignore control characters and whitespace inside a scheme ('java\tscript:').
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const compact = url.replace(/[\u0000-\u0020]/g, '');
  const match = SCHEME.exec(compact);
  if (!match) return url;
  const scheme = (match[1] ?? '').toLowerCase();
  return (ALLOWED_LINK_SCHEMES as readonly string[]).includes(scheme) ? url : '';
}

/** Fields whose value is a link or an image address, where the scheme rule applies. */
const LINK_FIELD = /(url|link|href|src|logo|favicon|image)$/i;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function deepMap(
  value: unknown,
  onString: (s: string, key: string | undefined) => string,
  key?: string,
): unknown {
  if (typeof value === 'string') return onString(value, key);
  if (Array.isArray(value)) return value.map((v) => deepMap(v, onString, key));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = deepMap(v, onString, k);
    return out;
  }
  return value;
}

/**
 * A base64 image data URL (a payment screenshot for Setting/StoreImage). Its alphabet holds no
 * markup, quote or comment marker, but its header has a ';' and its body can hold whole "words"
 * such as `+from/`: sanitised, the image would be corrupted, so it passes as it is.
 */
const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|webp);base64,[A-Za-z0-9+/]*={0,2}$/;

/**
 * Every string of an outgoing body or query. Opaque credentials named in `exempt` (tokens)
 * pass untouched: stripping '--' from a base64url token would corrupt it; so does an image data URL.
 */
export function sanitizeOutgoing<T>(value: T, exempt: readonly string[] = []): T {
  return deepMap(value, (s, key) =>
    (key != null && exempt.includes(key)) || IMAGE_DATA_URL.test(s) ? s : sanitizeOutgoingString(s),
  ) as T;
}

/** Fields that name an image's address (not a link to follow: `…link`, `href`). */
const IMAGE_FIELD = /(url|src|logo|favicon|image)$/i;

/**
 * A picture sent inline as a base64 data URL (the gateway's QR code, `qrDataUrl`). Its base64
 * holds no markup and nothing a browser runs: shown by an `<img>`, even an SVG runs no script and
 * loads nothing, and browsers refuse to open a data URL as a page.
 */
const INCOMING_IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|webp|gif|svg\+xml);base64,[A-Za-z0-9+/]*={0,2}$/;

function incomingString(s: string, key: string | undefined): string {
  const text = stripHtml(s);
  if (key == null || !LINK_FIELD.test(key)) return text;
  if (IMAGE_FIELD.test(key) && INCOMING_IMAGE_DATA_URL.test(text)) return text;
  return safeLink(text);
}

/**
 * Rewrites the strings of a value the caller owns where they lie: arrays and objects are walked,
 * never copied, and only a string that changes is written back (an object is never assigned, so
 * a `__proto__` key cannot set a prototype).
 */
function sanitizeInPlace(value: unknown, key: string | undefined): unknown {
  if (typeof value === 'string') return incomingString(value, key);
  if (Array.isArray(value)) for (let i = 0; i < value.length; i += 1) sanitizeEntry(value, i, key);
  else if (isPlainObject(value)) for (const k of Object.keys(value)) sanitizeEntry(value, k, k);
  return value;
}

/** One entry of an array or object: a string rewritten if it changes, anything else walked. */
function sanitizeEntry(
  holder: unknown[] | Record<string, unknown>,
  at: string | number,
  key: string | undefined,
) {
  const slots = holder as Record<string | number, unknown>;
  const item = slots[at];
  if (typeof item === 'string') {
    const text = incomingString(item, key);
    if (text !== item) slots[at] = text;
  } else if (item !== null && typeof item === 'object') sanitizeInPlace(item, key);
}

/**
 * Every string of an incoming answer: HTML stripped only; link fields keep allowed schemes, and an
 * image field may also hold a base64 image data URL. The answer is sanitised where it lies (it is
 * fresh from JSON.parse: nobody else holds it), not copied: on a phone, copying the first screen's
 * sport tree was most of a 15 ms task at start-up, and every answer paid for a copy.
 */
export function sanitizeIncoming<T>(value: T): T {
  return sanitizeInPlace(value, undefined) as T;
}
