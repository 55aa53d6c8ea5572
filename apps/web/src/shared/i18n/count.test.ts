import { afterEach, describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { counted, formatCount, pluralForm } from './count';
import { defineMessages, setLanguage } from './i18n';

describe('counted messages', () => {
  afterEach(() => setLanguage('en'));

  it('prints counts as Intl does, in the Indian grouping', () => {
    const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    for (const n of [0, 1, 7, 42, 999, 1000, 12_345, 1_00_000, 1_23_45_678, -3])
      expect(formatCount(n)).toBe(intl.format(n));
    expect(formatCount(1_00_000)).toBe('1,00,000');
    const hindi = new Intl.NumberFormat('hi');
    for (let n = 0; n < 1000; n++) expect(formatCount(n)).toBe(hindi.format(n));
  });

  it('picks the plural category of the language on screen', async () => {
    expect([0, 1, 2].map(pluralForm)).toEqual(['other', 'one', 'other']);
    await setLanguage('hi');
    expect([0, 1, 2].map(pluralForm)).toEqual(['one', 'one', 'other']);
  });

  it('reads as the plural message it replaces', () => {
    const t = defineMessages<{ 'count.events': string }>(
      'count',
      { 'count.events': compileMessage('{form, select, one {{shown} event} other {{shown} events}}') },
      () => Promise.resolve({ default: {} }),
    );
    expect(t('count.events', counted(1))).toBe('1 event');
    expect(t('count.events', counted(12))).toBe('12 events');
    expect(t('count.events', counted(1_00_000))).toBe('1,00,000 events');
  });
});
