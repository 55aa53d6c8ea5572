/** The browser's local-storage keys, exactly as section 3 of the specification names them. */
export const STORAGE_KEYS = {
  baseUrl: 'baseUrl',
  accessToken: 'accessToken',
  refreshToken: 'refresh_token',
  userInfo: 'userinfo',
  expireIn: 'expire_in',
  expireDateTime: 'expire_DateTime',
  betslips: 'betslips',
  openBets: 'OpenBets',
  profitLoss: 'ProfitLoss',
  balance: 'balance',
  exposure: 'exposure',
  casinoIsEmpty: 'casino_is_empty',
  games: 'games',
  domainSetting: 'domainSetting',
  siteSuspended: 'siteSuspended',
  treeSportWithEvent: 'TreeSportWithEvent',
  tv: 'tv',
  pins: 'pins',
  ip: 'ip',
  confirmBeforePlaceBet: 'confirmBeforePlaceBet',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
export const ALL_STORAGE_KEYS = Object.values(STORAGE_KEYS) as StorageKey[];
