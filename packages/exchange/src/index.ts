export * from './errors';
export * from './decimal';
export * from './ladder';
export * from './money';
export * from './bets';
export * from './pnl';
export * from './exposure';
export * from './settlement';
