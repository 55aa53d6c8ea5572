import { paise, paiseToRupees } from '@backlay/exchange';

/** A paise amount read from the database, as rupees for the wire. */
export const toRupees = (amountPaise: number): number => paiseToRupees(paise(amountPaise));
