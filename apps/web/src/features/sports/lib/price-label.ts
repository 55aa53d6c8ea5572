import { t } from '../i18n';

export type PriceSide = 'back' | 'lay' | 'yes' | 'no';

function sideWord(side: PriceSide): string {
  switch (side) {
    case 'back':
      return t('sports.side.back');
    case 'lay':
      return t('sports.side.lay');
    case 'yes':
      return t('sports.side.yes');
    case 'no':
      return t('sports.side.no');
  }
}

/**
 * A price cell's accessible name: "back India at 1.5, 1.2K" (the money there, as the cell shows it:
 * the name holds the text on screen, so speech input can name the button by what it reads), "yes 6
 * over runs at 45 100 (runs and rate)" (a fancy line: the two figures it shows, side by side), or "lay India: no price" when the cell is
 * empty.
 */
export function priceLabel(
  side: PriceSide,
  name: string,
  price: string | null,
  rate?: string,
  size?: string,
): string {
  const values = { side: sideWord(side), name };
  if (price == null) return t('sports.price.none', values);
  if (rate != null) return t('sports.price.atRate', { ...values, price, rate });
  if (size != null) return t('sports.price.atSize', { ...values, price, size });
  return t('sports.price.at', { ...values, price });
}

const PRICE_SLOT = '\uE000';
const SECOND_SLOT = '\uE001';

/**
 * One cell's `priceLabel`, made once: the message is formatted a single time with stand-ins for
 * the two figures, and each later name only puts the figures in their places (a price cell is named
 * again at every move, 1,000 times a second on a busy page, where formatting the message each time
 * was a third of the moves' script). `second` is the money there (`'size'`) or a fancy line's rate
 * (`'rate'`); the name is the one `priceLabel` gives, in the language of the moment it was made.
 */
export function priceLabeller(
  side: PriceSide,
  name: string,
  second: 'size' | 'rate',
): (price: string | null, figure: string) => string {
  const none = priceLabel(side, name, null);
  const parts = (
    second === 'rate'
      ? priceLabel(side, name, PRICE_SLOT, SECOND_SLOT)
      : priceLabel(side, name, PRICE_SLOT, undefined, SECOND_SLOT)
  ).split(/([\uE000\uE001])/);
  return (price, figure) => {
    if (price == null) return none;
    let label = '';
    for (const part of parts) label += part === PRICE_SLOT ? price : part === SECOND_SLOT ? figure : part;
    return label;
  };
}
