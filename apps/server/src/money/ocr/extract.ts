import type { OcrField, OcrFieldName } from '@backlay/contract';

/*
 * What a UPI payment screenshot says, read from its recognised text: the UTR, the amount, the date
 * and the payee, each as candidates with a confidence. PhonePe, Google Pay, Paytm, BHIM and the
 * banks' apps lay their success screens out differently, but each names its values with a few
 * labels ("UTR", "UPI Ref No", "UPI transaction ID", "Paid to", "To", ₹ …), on the value's line or
 * the line above it. A value's confidence is how sure its label makes us times how sure the OCR was
 * of its line. Nothing here decides: the player confirms, an operator checks.
 */

/** One recognised line and the OCR's confidence in it (0 to 100). */
export interface OcrLine {
  text: string;
  confidence: number;
}

/** Text alone (no OCR confidence): every line as fully sure. */
export function linesOfText(text: string): OcrLine[] {
  return text.split(/\r?\n/).map((line) => ({ text: line, confidence: 100 }));
}

interface Candidate {
  field: OcrFieldName;
  value: string;
  confidence: number;
}

const MAX_PER_FIELD = 3;
/** Candidates less sure than this are left out: a phone or account number is no UTR to pre-fill. */
export const MIN_CONFIDENCE = 0.2;

/** The candidates for each field, best first (at most three each), in the order utr, amount, date, payee. */
export function extractSlipFields(input: OcrLine[]): OcrField[] {
  const lines = input
    .map((l) => ({ text: normaliseSpaces(l.text), confidence: clamp(l.confidence, 0, 100) }))
    .filter((l) => l.text.length > 0);
  const candidates = [...utrs(lines), ...amounts(lines), ...dates(lines), ...payees(lines)];
  const fields: OcrField[] = [];
  for (const field of ['utr', 'amount', 'date', 'payee'] as const) {
    const best = new Map<string, number>();
    for (const c of candidates) {
      if (c.field !== field || c.confidence < MIN_CONFIDENCE) continue;
      const key = field === 'payee' ? c.value.toLowerCase() : c.value;
      const seen = best.get(key);
      // The same value found twice (a label and a big figure) is surer than either alone.
      best.set(key, seen === undefined ? c.confidence : Math.min(0.99, Math.max(seen, c.confidence) + 0.05));
    }
    const values = new Map<string, string>();
    for (const c of candidates)
      if (c.field === field) values.set(field === 'payee' ? c.value.toLowerCase() : c.value, c.value);
    [...best.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_PER_FIELD)
      .forEach(([key, confidence]) =>
        fields.push({ field, value: values.get(key) as string, confidence: round2(confidence) }),
      );
  }
  return fields;
}

function normaliseSpaces(text: string): string {
  return text
    .replace(/[\u00a0\u2000-\u200b\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const clamp = (n: number, lo: number, hi: number) =>
  Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
const round2 = (n: number) => Math.round(clamp(n, 0, 1) * 100) / 100;
const ocr = (line: OcrLine) => line.confidence / 100;

// ---------------------------------------------------------------------------------------------
// UTR: the 12-digit UPI reference (RRN).

/** Labels naming the UPI reference itself. */
const STRONG_UTR_LABEL =
  /\b(utr|rrn|upi\s*(ref(erence)?|txn|transaction)\.?\s*(no|number|id)?|bank\s*ref(erence)?\.?\s*(no|number|id)?|ref(erence)?\s*(no|number|id)\b)/i;
/** Labels that often name it, and sometimes the app's own id. */
const WEAK_UTR_LABEL = /\b(transaction\s*(id|no|number|ref)|txn\s*(id|no)|ref(erence)?|reference\s*id)\b/i;
/** The app's own ids: Google's, PhonePe's, Paytm's order: never the UTR. */
const OTHER_ID_LABEL = /\b(google\s*transaction|order\s*id|merchant|wallet\s*txn|gpay\s*id)\b/i;
/** Bank accounts and phones, whose numbers may be 12 digits. */
const ACCOUNT_LABEL = /\b(a\/?c\b|acc(oun)?t|account|debited\s+from|credited\s+to|ifsc)/i;
const PHONE_LABEL = /(\+\s*91|\b(mobile|phone|ph|contact|mob)\b)/i;

/**
 * A long digit token with letters the OCR mistakes for digits (O for 0, l or I for 1, S for 5, B
 * for 8), read as digits; null when it has too few real digits to be a number misread.
 */
function misreadDigits(token: string): string | null {
  const digits = token.replace(/\D/g, '').length;
  if (digits < 9 || token.length - digits > 2) return null;
  const fixed = token.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1').replace(/S/g, '5').replace(/B/g, '8');
  return /^\d+$/.test(fixed) ? fixed : null;
}

/** Twelve-digit numbers standing alone in a line, with whether a misread was corrected. */
function twelveDigitNumbers(text: string): { value: string; corrected: boolean; prefix: string }[] {
  const found: { value: string; corrected: boolean; prefix: string }[] = [];
  // Grouped 4-4-4 ("4178 2356 9014"), as some apps print it.
  for (const m of text.matchAll(/(?<![\dA-Za-z])(\d{4}) (\d{4}) (\d{4})(?![\dA-Za-z])/g)) {
    found.push({ value: `${m[1]}${m[2]}${m[3]}`, corrected: false, prefix: text.slice(0, m.index) });
  }
  for (const m of text.matchAll(/[0-9OoIlSB|]+/g)) {
    const token = m[0];
    const before = text[m.index - 1] ?? ' ';
    const after = text[m.index + token.length] ?? ' ';
    // Part of a longer word or id (T2511…, CICAgO…): not a number of its own.
    if (/[A-Za-z0-9]/.test(before) || /[A-Za-z0-9]/.test(after)) continue;
    if (/^\d{12}$/.test(token)) {
      found.push({ value: token, corrected: false, prefix: text.slice(0, m.index) });
    } else if (token.length === 12) {
      const fixed = misreadDigits(token);
      if (fixed) found.push({ value: fixed, corrected: true, prefix: text.slice(0, m.index) });
    }
  }
  return found;
}

/**
 * Whether the number is shaped like a UPI RRN: the year's last digit, the day of the year
 * (001–366) and the hour (00–23), then a sequence. Most UTRs are; a phone or account number rarely.
 */
function rrnShaped(utr: string): boolean {
  const day = Number(utr.slice(1, 4));
  const hour = Number(utr.slice(4, 6));
  return day >= 1 && day <= 366 && hour <= 23;
}

function utrs(lines: OcrLine[]): Candidate[] {
  const out: Candidate[] = [];
  lines.forEach((line, i) => {
    for (const n of twelveDigitNumbers(line.text)) {
      const prev = lines[i - 1]?.text ?? '';
      // The label on this line before the number, or alone on the line above.
      const labelHere = n.prefix;
      const labelAbove = twelveDigitNumbers(prev).length === 0 ? prev : '';
      const label = `${labelHere} ${labelHere.replace(/[\s:#.-]/g, '') === '' ? labelAbove : ''}`;
      let score: number;
      if (OTHER_ID_LABEL.test(label)) score = 0.15;
      else if (STRONG_UTR_LABEL.test(label)) score = 0.97;
      else if (WEAK_UTR_LABEL.test(label)) score = 0.85;
      else score = 0.55;
      if (ACCOUNT_LABEL.test(label)) score = Math.min(score, 0.15);
      const phoneLike = /^91[6-9]/.test(n.value) && (PHONE_LABEL.test(label) || /\+\s*$/.test(labelHere));
      if (phoneLike || PHONE_LABEL.test(labelHere)) score = Math.min(score, 0.1);
      if (!rrnShaped(n.value)) score *= 0.8;
      if (n.corrected) score *= 0.85;
      out.push({ field: 'utr', value: n.value, confidence: score * ocr(line) });
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Amount: rupees, with Indian (1,00,000.00) or Western (100,000.00) grouping.

const NUMBER = String.raw`(?:\d{1,3}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?`;
/**
 * ₹ (as `\u20B9`, which the pattern reads as the sign: a template's raw text keeps the server's
 * bundle one byte a character, scripts/ascii-source.mjs), Rs, Rs., INR, and how the OCR often reads
 * a ₹ it does not know (%, &, Z, F, X, T, ?).
 */
const CURRENCY = String.raw`(?:\u20B9|\bRs\.?|\bINR|\bRupees)`;
const MISREAD_RUPEE = String.raw`(?:^|\s)[%&ZzFXT?<]`;
const AMOUNT_LABEL = /\b(amount|total|paid|debited|sent|transferred|you\s+paid|payment\s+of)\b/i;
const NOT_AN_AMOUNT_LABEL = /\b(balance|cashback|reward|fee|charges?|limit|scratch)\b/i;
const LONE_NUMBER = new RegExp(`^(${NUMBER})$`);
/** Looks like money: grouped, or with paise. */
const MONEY_SHAPED = /,|\.\d{2}$/;

/** Rupees as `1234.50`, or null when the text is no positive amount up to ₹10 crore. */
function rupees(text: string): string | null {
  const n = Number(text.replace(/,/g, ''));
  if (!Number.isFinite(n) || n <= 0 || n > 100_000_000) return null;
  return n.toFixed(2);
}

function amounts(lines: OcrLine[]): Candidate[] {
  const out: Candidate[] = [];
  const marked = new RegExp(`${CURRENCY}\\s*(${NUMBER})(?![\\d,])`, 'gi');
  const misread = new RegExp(`${MISREAD_RUPEE}(${NUMBER})(?![\\d,.])`, 'g');
  lines.forEach((line, i) => {
    const prev = lines[i - 1]?.text ?? '';
    const push = (text: string, score: number) => {
      const value = rupees(text);
      if (value) out.push({ field: 'amount', value, confidence: score * ocr(line) });
    };
    const labelled = AMOUNT_LABEL.test(line.text) || (AMOUNT_LABEL.test(prev) && prev.length < 30);
    const excluded = NOT_AN_AMOUNT_LABEL.test(line.text);
    for (const m of line.text.matchAll(marked)) {
      push(m[1] as string, excluded ? 0.3 : labelled ? 0.97 : 0.9);
    }
    for (const m of line.text.matchAll(misread)) {
      // "%2,500" alone: a ₹ the OCR did not know.
      if (line.text.replace(m[0], '').trim() === '') push(m[1] as string, 0.75);
    }
    const lone = LONE_NUMBER.exec(line.text);
    if (lone) {
      const n = lone[1] as string;
      // A figure alone on its line: the big amount of a success screen, or a value under its label.
      if (AMOUNT_LABEL.test(prev) && !NOT_AN_AMOUNT_LABEL.test(prev)) push(n, 0.9);
      else if (MONEY_SHAPED.test(n)) push(n, 0.75);
      else if (n.length <= 6 && !/^0/.test(n) && !/^20\d\d$/.test(n) && !/\b(id|no|ref|utr)\b/i.test(prev)) {
        push(n, 0.4); // a bare figure, maybe the amount; not a year
      }
    }
    // "Amount: 2,500" or "Amount 2500.00" without a currency mark.
    const afterLabel = new RegExp(
      `\\b(?:amount(?:\\s+paid)?|total)\\s*:?\\s*(${NUMBER})(?![\\d,])`,
      'i',
    ).exec(line.text);
    if (afterLabel && !excluded) push(afterLabel[1] as string, 0.85);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Date: the day printed on the slip.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const DAY_MONTH_YEAR = new RegExp(
  String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+${MONTH}\.?,?\s+'?(\d{4}|\d{2})\b`,
  'gi',
);
const MONTH_DAY_YEAR = new RegExp(String.raw`\b${MONTH}\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'gi');
const NUMERIC_DMY = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/.-])/g;
const ISO_DATE = /(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])/g;
const NOT_THE_PAYMENT_DAY = /\b(valid|expir|birth|dob|due)\w*/i;

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 2016 || year > 2099 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

function dates(lines: OcrLine[]): Candidate[] {
  const out: Candidate[] = [];
  for (const line of lines) {
    const factor = NOT_THE_PAYMENT_DAY.test(line.text) ? 0.3 : 1;
    const push = (value: string | null, score: number) => {
      if (value) out.push({ field: 'date', value, confidence: score * factor * ocr(line) });
    };
    for (const m of line.text.matchAll(DAY_MONTH_YEAR)) {
      const year = m[3] as string;
      push(isoDate(fullYear(year), monthOf(m[2] as string), Number(m[1])), year.length === 4 ? 0.95 : 0.8);
    }
    for (const m of line.text.matchAll(MONTH_DAY_YEAR)) {
      push(isoDate(Number(m[3]), monthOf(m[1] as string), Number(m[2])), 0.9);
    }
    for (const m of line.text.matchAll(NUMERIC_DMY)) {
      // India writes the day first.
      const year = m[4] as string;
      push(isoDate(fullYear(year), Number(m[3]), Number(m[1])), year.length === 4 ? 0.85 : 0.7);
    }
    for (const m of line.text.matchAll(ISO_DATE)) {
      push(isoDate(Number(m[1]), Number(m[2]), Number(m[3])), 0.85);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Payee: the name or UPI id the money went to.

const VPA = /(?<![\w.-])([a-zA-Z0-9][\w.-]{1,255}@[a-zA-Z][a-zA-Z0-9.-]{1,63})(?![\w@])/g;
/** "Paid to X", "To: X", "Sent to X", "Paying X", "Payment to X", "Transferred to X", "Banking name: X". */
const PAYEE_LABEL =
  /^(?:.*\b(?:paid|sent|payment|money\s+sent|transferred|paying)\s+to|to|paying|banking\s+name|payee(?:\s+name)?|beneficiary(?:\s+name)?|receiver)\b\s*:?\s*(.*)$/i;
const PAYER_LABEL = /^(?:from|debited\s+from|paid\s+by|sender|payer)\b/i;
/** Lines that are no name: statuses, labels, amounts, ids, dates. */
const NOT_A_NAME =
  /\b(successful|success|completed|pending|failed|transaction|upi|utr|ref|amount|paid|debited|credited|share|done|details|bank\s+account|powered|from|split|view|history)\b/i;

function cleanName(raw: string): string | null {
  const name = raw
    .replace(/\((?:[^()]*\b(?:bank|upi)\b[^()]*)\)\s*$/i, '') // "(HDFC Bank)"
    .replace(/[|•·>»]+/g, ' ')
    .replace(/^[\s:,.-]+|[\s:,.-]+$/g, '')
    .replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 80) return null;
  if (!/[a-zA-Z]{2}/.test(name) || /\d{4,}/.test(name) || /[₹@]/.test(name)) return null;
  if (NOT_A_NAME.test(name)) return null;
  // Mostly letters: a name, not OCR noise.
  const letters = name.replace(/[^a-zA-Z]/g, '').length;
  return letters / name.replace(/\s/g, '').length >= 0.7 ? name : null;
}

function payees(lines: OcrLine[]): Candidate[] {
  const out: Candidate[] = [];
  // Lines whose UPI ids were read beside a payee label.
  const near = new Set<number>();
  lines.forEach((line, i) => {
    if (PAYER_LABEL.test(line.text)) return;
    const label = PAYEE_LABEL.exec(line.text);
    if (label) {
      const rest = (label[1] ?? '').trim();
      // "Paid to" alone: the name is on the next line (and its UPI id perhaps on the one after).
      const nameLine = rest === '' ? lines[i + 1] : line;
      const name = nameLine ? cleanName(rest === '' ? nameLine.text : rest.replace(VPA, '')) : null;
      if (name && nameLine) out.push({ field: 'payee', value: name, confidence: 0.92 * ocr(nameLine) });
      for (let j = i; j <= i + 2 && j < lines.length; j++) {
        const l = lines[j] as OcrLine;
        // Up to the next label: a payer's UPI id under "From" is not the payee's.
        if (j > i && (PAYER_LABEL.test(l.text) || PAYEE_LABEL.test(l.text))) break;
        if (near.has(j)) continue;
        near.add(j);
        for (const m of l.text.matchAll(VPA)) {
          out.push({ field: 'payee', value: (m[1] as string).toLowerCase(), confidence: 0.88 * ocr(l) });
        }
      }
      return;
    }
    if (near.has(i)) return;
    // A UPI id with no label nearby: likely the payee's (a payer's shows under "From").
    const prev = lines[i - 1]?.text ?? '';
    if (PAYER_LABEL.test(prev)) return;
    for (const m of line.text.matchAll(VPA)) {
      out.push({ field: 'payee', value: (m[1] as string).toLowerCase(), confidence: 0.5 * ocr(line) });
    }
  });
  return out;
}
