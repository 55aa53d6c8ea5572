import { isOnLadder } from '@backlay/exchange';
import type { FeedMarket, PriceLevel } from './adapter';
import { backBook, layBook, MAX_BACK_BOOK } from './pricing';

/*
 * What every quote of the feed must satisfy, checked by the tests on every change of long runs.
 * Answers a list of problems (empty when the market is sound), so a failing test says what broke.
 */

function checkSide(
  levels: readonly PriceLevel[],
  side: 'back' | 'lay',
  where: string,
  problems: string[],
): void {
  if (levels.length > 3) problems.push(`${where}: ${levels.length} ${side} levels`);
  levels.forEach((level, i) => {
    if (!isOnLadder(level.price)) problems.push(`${where}: ${side} ${level.price} off the ladder`);
    if (!Number.isInteger(level.size) || level.size <= 0)
      problems.push(`${where}: ${side} size ${level.size}`);
    const prev = levels[i - 1];
    if (prev && (side === 'back' ? level.price >= prev.price : level.price <= prev.price)) {
      problems.push(`${where}: ${side} levels out of order`);
    }
  });
}

export function marketProblems(market: FeedMarket): string[] {
  const problems: string[] = [];
  const where = `${market.id} ${market.name}`;
  if (market.version < 0 || !Number.isInteger(market.version))
    problems.push(`${where}: version ${market.version}`);
  if (market.status === 'CLOSED' && !market.result) problems.push(`${where}: closed without a result`);
  if (market.status !== 'CLOSED' && market.result) problems.push(`${where}: result while ${market.status}`);
  if (market.limits.minStake <= 0 || market.limits.maxStake < market.limits.minStake) {
    problems.push(`${where}: limits ${JSON.stringify(market.limits)}`);
  }
  if (market.type === 'FANCY') {
    if (market.yesLine < market.noLine)
      problems.push(`${where}: yes ${market.yesLine} < no ${market.noLine}`);
    if (market.noRate < 1 || market.yesRate < 1)
      problems.push(`${where}: rates ${market.noRate}/${market.yesRate}`);
    if (market.yesLine === market.noLine && market.noRate <= market.yesRate) {
      problems.push(`${where}: one line needs NO dearer than YES`);
    }
    return problems;
  }
  if (market.type === 'BOOKMAKER' || market.type === 'TOSS') {
    const layRates: number[] = [];
    for (const r of market.runners) {
      const back = r.back[0];
      const lay = r.lay[0];
      if (market.status === 'CLOSED' || r.status === 'REMOVED') continue;
      if (!back || !lay) problems.push(`${where} ${r.name}: no rates`);
      else if (!(back.rate < lay.rate) || back.rate < 1)
        problems.push(`${where} ${r.name}: rates ${back.rate}/${lay.rate}`);
      if (back && back.size <= 0) problems.push(`${where} ${r.name}: size`);
      if (lay) layRates.push(lay.rate);
    }
    const layImplied = layRates.reduce((sum, rate) => sum + 100 / (100 + rate), 0);
    if (layRates.length > 1 && layImplied > 1 + 1e-12)
      problems.push(`${where}: lay rates ${layImplied} over 100%`);
    return problems;
  }
  if (market.type !== 'MATCH_ODDS' && market.type !== 'OVER_UNDER' && market.type !== 'WIN') return problems;
  const bests: PriceLevel['price'][] = [];
  const bestLays: PriceLevel['price'][] = [];
  for (const r of market.runners) {
    const at = `${where} ${r.name}`;
    checkSide(r.back, 'back', at, problems);
    checkSide(r.lay, 'lay', at, problems);
    if (market.status === 'CLOSED' || r.status === 'REMOVED') {
      if (r.back.length + r.lay.length > 0) problems.push(`${at}: priced while ${r.status}/${market.status}`);
      continue;
    }
    const back = r.back[0];
    const lay = r.lay[0];
    if (!back || !lay) {
      problems.push(`${at}: missing a side`);
      continue;
    }
    if (!(back.price < lay.price)) problems.push(`${at}: best back ${back.price} ≥ best lay ${lay.price}`);
    bests.push(back.price);
    bestLays.push(lay.price);
  }
  if (market.status !== 'CLOSED' && bests.length > 1) {
    const book = backBook(bests);
    const pinned = bests.some((p) => p === 101);
    if (book > MAX_BACK_BOOK + 1e-9) problems.push(`${where}: back book ${(book * 100).toFixed(1)}%`);
    if (book < 1 && !pinned) problems.push(`${where}: back book ${(book * 100).toFixed(1)}% under 100%`);
    const lays = layBook(bestLays);
    if (lays > 1 + 1e-12) problems.push(`${where}: lay book ${(lays * 100).toFixed(2)}% over 100%`);
  }
  return problems;
}
