export * from './errors';
export * from './decimal';
export * from './ladder';
export * from './money';
