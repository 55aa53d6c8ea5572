import { paiseToRupees, type Paise } from '@backlay/exchange';

// Answers and pushes carry Paise: the contract's money codecs turn them into wire rupees when
// they are encoded. Rupees appear on the server only in sentences a player reads.

/** Paise for a sentence a player reads: ₹1,500 or ₹12.50 (Indian digit grouping). */
export const formatRupees = (amount: Paise): string => `₹${paiseToRupees(amount).toLocaleString('en-IN')}`;
