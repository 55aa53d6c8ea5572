/**
 * The whole database, as Drizzle tables: one file per feature's tables, all exported here (the
 * drizzle-kit schema and the Drizzle client's). Money is integer paise in bigint columns. Nothing is
 * hard-deleted except expired demo data. Invariants the database itself enforces live in the custom
 * migration beside the generated one (balanced journals, account balances maintained from journal lines).
 */
export * from './accounts';
export * from './betting';
export * from './bonus';
export * from './casino';
export * from './ledger';
export * from './login-links';
export * from './operators';
export * from './payments';
export * from './referral';
export * from './responsible-gaming';
export * from './settings';
export * from './site-images';
export * from './sms';
export * from './sports';
