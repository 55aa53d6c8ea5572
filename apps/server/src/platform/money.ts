import { paise, paiseToRupees, type Paise } from '@backlay/exchange';

/** Paise as wire rupees (where an answer is built by hand rather than by a contract codec). */
export const toRupees = (amount: Paise | number): number => paiseToRupees(paise(amount));

/** Paise for a sentence a player reads: ₹1,500 or ₹12.50 (Indian digit grouping). */
export const formatRupees = (amount: Paise): string => `₹${paiseToRupees(amount).toLocaleString('en-IN')}`;
