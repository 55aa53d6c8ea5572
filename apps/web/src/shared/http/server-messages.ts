import type { ErrorCode } from '@backlay/contract';
import { currentLanguage, defineMessages } from '../i18n/i18n';
import english from './locales/en.json?lingui';
import type source from './locales/en.json';

/*
 * The API's error messages in the player's language: ids `shared.error.<code in camelCase>`, their
 * English exactly the contract's message (packages/contract/src/errors.ts). A catalog of its own,
 * apart from shared/i18n's: only the HTTP client needs it, and the client loads after start-up, so
 * these messages stay off the first paint.
 */
const t = defineMessages<typeof source>('shared-http', english, () => import('./locales/hi.json?lingui'));

/** Every code the API can answer: a new code without its translation does not type-check. */
const ERROR_MESSAGES: Record<ErrorCode, () => string> = {
  VALIDATION_FAILED: () => t('shared.error.validationFailed'),
  BAD_REQUEST: () => t('shared.error.badRequest'),
  PAYLOAD_TOO_LARGE: () => t('shared.error.payloadTooLarge'),
  HEADERS_TOO_LARGE: () => t('shared.error.headersTooLarge'),
  UNAUTHENTICATED: () => t('shared.error.unauthenticated'),
  TOKEN_EXPIRED: () => t('shared.error.tokenExpired'),
  INVALID_CREDENTIALS: () => t('shared.error.invalidCredentials'),
  REFRESH_TOKEN_INVALID: () => t('shared.error.refreshTokenInvalid'),
  FORBIDDEN: () => t('shared.error.forbidden'),
  USER_LOCKED: () => t('shared.error.userLocked'),
  USER_NOT_VERIFIED: () => t('shared.error.userNotVerified'),
  SIGNUP_DISABLED: () => t('shared.error.signupDisabled'),
  DEMO_NOT_ALLOWED: () => t('shared.error.demoNotAllowed'),
  NOT_FOUND: () => t('shared.error.notFound'),
  ROUTE_NOT_FOUND: () => t('shared.error.routeNotFound'),
  DOMAIN_UNKNOWN: () => t('shared.error.domainUnknown'),
  USERNAME_TAKEN: () => t('shared.error.usernameTaken'),
  MOBILE_TAKEN: () => t('shared.error.mobileTaken'),
  ALREADY_VERIFIED: () => t('shared.error.alreadyVerified'),
  DUPLICATE_REQUEST: () => t('shared.error.duplicateRequest'),
  OTP_INVALID: () => t('shared.error.otpInvalid'),
  OTP_EXPIRED: () => t('shared.error.otpExpired'),
  OTP_ATTEMPTS_EXCEEDED: () => t('shared.error.otpAttemptsExceeded'),
  LOGIN_LINK_INVALID: () => t('shared.error.loginLinkInvalid'),
  LOGIN_LINK_EXPIRED: () => t('shared.error.loginLinkExpired'),
  LOGIN_LINK_USED: () => t('shared.error.loginLinkUsed'),
  PASSWORD_INCORRECT: () => t('shared.error.passwordIncorrect'),
  PASSWORD_REUSED: () => t('shared.error.passwordReused'),
  RATE_LIMITED: () => t('shared.error.rateLimited'),
  INSUFFICIENT_FUNDS: () => t('shared.error.insufficientFunds'),
  ODDS_CHANGED: () => t('shared.error.oddsChanged'),
  MARKET_SUSPENDED: () => t('shared.error.marketSuspended'),
  MARKET_CLOSED: () => t('shared.error.marketClosed'),
  PRICES_STALE: () => t('shared.error.pricesStale'),
  BET_LOCKED: () => t('shared.error.betLocked'),
  STAKE_OUT_OF_RANGE: () => t('shared.error.stakeOutOfRange'),
  PROFIT_LIMIT: () => t('shared.error.profitLimit'),
  PRICE_OFF_LADDER: () => t('shared.error.priceOffLadder'),
  AMOUNT_OUT_OF_RANGE: () => t('shared.error.amountOutOfRange'),
  PAYMENT_METHOD_UNAVAILABLE: () => t('shared.error.paymentMethodUnavailable'),
  UTR_ALREADY_USED: () => t('shared.error.utrAlreadyUsed'),
  REQUEST_NOT_PENDING: () => t('shared.error.requestNotPending'),
  SETTINGS_STALE: () => t('shared.error.settingsStale'),
  PLAYER_NOT_LOCKABLE: () => t('shared.error.playerNotLockable'),
  IMAGE_INVALID: () => t('shared.error.imageInvalid'),
  IMAGE_TOO_LARGE: () => t('shared.error.imageTooLarge'),
  OCR_BUSY: () => t('shared.error.ocrBusy'),
  PAYMENT_GATEWAY_UNAVAILABLE: () => t('shared.error.paymentGatewayUnavailable'),
  PAYMENT_PROVIDER_UNAVAILABLE: () => t('shared.error.paymentProviderUnavailable'),
  PAYMENT_NOTICE_INVALID: () => t('shared.error.paymentNoticeInvalid'),
  PAYMENT_NOTICE_REPLAYED: () => t('shared.error.paymentNoticeReplayed'),
  PAYMENT_NOTICE_MISMATCH: () => t('shared.error.paymentNoticeMismatch'),
  PAYMENT_ORDER_CLOSED: () => t('shared.error.paymentOrderClosed'),
  BONUS_NOT_CLAIMABLE: () => t('shared.error.bonusNotClaimable'),
  BONUS_ACTIVE: () => t('shared.error.bonusActive'),
  REFERRAL_NOT_CLAIMABLE: () => t('shared.error.referralNotClaimable'),
  REFERRAL_CAP_REACHED: () => t('shared.error.referralCapReached'),
  CASINO_SIGNATURE_INVALID: () => t('shared.error.casinoSignatureInvalid'),
  CASINO_SIGNATURE_STALE: () => t('shared.error.casinoSignatureStale'),
  CASINO_PROVIDER_UNAVAILABLE: () => t('shared.error.casinoProviderUnavailable'),
  CASINO_TOKEN_INVALID: () => t('shared.error.casinoTokenInvalid'),
  CASINO_TOKEN_EXPIRED: () => t('shared.error.casinoTokenExpired'),
  CASINO_TOKEN_FOREIGN: () => t('shared.error.casinoTokenForeign'),
  CASINO_TRANSACTION_CONFLICT: () => t('shared.error.casinoTransactionConflict'),
  CASINO_BET_NOT_FOUND: () => t('shared.error.casinoBetNotFound'),
  CASINO_BET_CANCELLED: () => t('shared.error.casinoBetCancelled'),
  CASINO_BET_HAS_WIN: () => t('shared.error.casinoBetHasWin'),
  CASINO_ROUND_MISMATCH: () => t('shared.error.casinoRoundMismatch'),
  DEPOSIT_LIMIT_REACHED: () => t('shared.error.depositLimitReached'),
  LOSS_LIMIT_REACHED: () => t('shared.error.lossLimitReached'),
  PLAYER_TIMED_OUT: () => t('shared.error.playerTimedOut'),
  PLAYER_SELF_EXCLUDED: () => t('shared.error.playerSelfExcluded'),
  RG_CHANGE_REFUSED: () => t('shared.error.rgChangeRefused'),
  SITE_SUSPENDED: () => t('shared.error.siteSuspended'),
  INTERNAL: () => t('shared.error.internal'),
};

/**
 * What the player reads for an error the API answered with `code`: in English the server's own
 * message as sent (it may carry details), in Hindi the translation of the code when the contract
 * declares it, else the server's message.
 */
export function playerMessage(code: string, serverMessage: string): string {
  if (currentLanguage() === 'en' || !Object.hasOwn(ERROR_MESSAGES, code)) return serverMessage;
  return ERROR_MESSAGES[code as ErrorCode]();
}

/** An answer whose shape the contract's schema refused. */
export const badResponseMessage = (): string => t('shared.http.badResponse');
