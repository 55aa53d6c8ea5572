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
