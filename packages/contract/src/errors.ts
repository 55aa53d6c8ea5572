/**
 * Every error the API can answer, declared once: a stable code, the HTTP status, and the
 * message a player reads. Clients switch on `code`, never on the message.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid.' },
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The address or the headers of this request are too long.' },
  UNAUTHENTICATED: { status: 401, message: 'Please log in to continue.' },
  TOKEN_EXPIRED: { status: 401, message: 'Your session has expired. Please log in again.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid user name or password.' },
  REFRESH_TOKEN_INVALID: { status: 401, message: 'Your session has expired. Please log in again.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  USER_LOCKED: { status: 403, message: 'This account is locked. Please contact support.' },
  USER_NOT_VERIFIED: { status: 403, message: 'Please verify your mobile number first.' },
  SIGNUP_DISABLED: { status: 403, message: 'Sign-up is not available on this site.' },
  DEMO_NOT_ALLOWED: { status: 403, message: 'Demo accounts cannot deposit or withdraw.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'This address does not exist.' },
  DOMAIN_UNKNOWN: { status: 404, message: 'This site is not configured.' },
  USERNAME_TAKEN: { status: 409, message: 'This user name is already taken.' },
  MOBILE_TAKEN: { status: 409, message: 'This mobile number is already registered.' },
  ALREADY_VERIFIED: { status: 409, message: 'This account is already verified. Please log in.' },
  DUPLICATE_REQUEST: { status: 409, message: 'This request was already made.' },
  OTP_INVALID: { status: 400, message: 'The verification code is not correct.' },
  OTP_EXPIRED: { status: 400, message: 'The verification code has expired. Please request a new one.' },
  OTP_ATTEMPTS_EXCEEDED: { status: 429, message: 'Too many wrong codes. Please request a new one.' },
  LOGIN_LINK_INVALID: { status: 400, message: 'This sign-in link is not valid. Please ask for a new one.' },
  LOGIN_LINK_EXPIRED: { status: 400, message: 'This sign-in link has expired. Please ask for a new one.' },
  LOGIN_LINK_USED: {
    status: 409,
    message: 'This sign-in link has already been used. Please ask for a new one.',
  },
  PASSWORD_INCORRECT: { status: 400, message: 'The current password is not correct.' },
  PASSWORD_REUSED: { status: 400, message: 'The new password must differ from the current one.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a minute and try again.' },
  INSUFFICIENT_FUNDS: { status: 422, message: 'Insufficient balance for this bet.' },
  ODDS_CHANGED: { status: 422, message: 'Odds changed. Please check the new price and try again.' },
  MARKET_SUSPENDED: { status: 422, message: 'This market is suspended.' },
  MARKET_CLOSED: { status: 422, message: 'This market is closed.' },
  PRICES_STALE: {
    status: 503,
    message: 'Live prices are not coming in right now, so betting is paused. Please try again in a moment.',
  },
  BET_LOCKED: { status: 422, message: 'Betting is locked on this market.' },
  STAKE_OUT_OF_RANGE: { status: 422, message: 'The stake is outside the limits of this market.' },
  PROFIT_LIMIT: { status: 422, message: 'The potential profit exceeds the limit of this market.' },
  PRICE_OFF_LADDER: { status: 400, message: 'This price is not a valid exchange price.' },
  AMOUNT_OUT_OF_RANGE: { status: 422, message: 'The amount is outside the allowed limits.' },
  PAYMENT_METHOD_UNAVAILABLE: { status: 422, message: 'This payment method is not available on this site.' },
  UTR_ALREADY_USED: {
    status: 409,
    message: 'This UTR was already submitted: one payment can be claimed once.',
  },
  REQUEST_NOT_PENDING: { status: 409, message: 'This request was already decided or cancelled.' },
  SETTINGS_STALE: {
    status: 409,
    message:
      'These settings were changed by someone else since you opened them. Nothing was saved: review the newer ones and save again.',
  },
  PLAYER_NOT_LOCKABLE: {
    status: 409,
    message: "This player's account is closed or not verified yet: it cannot be locked or unlocked.",
  },
  IMAGE_INVALID: { status: 400, message: 'The file is not a PNG, JPEG or WebP image.' },
  IMAGE_TOO_LARGE: { status: 413, message: 'The image is larger than 5 MB.' },
  OCR_BUSY: {
    status: 503,
    message: 'The screenshot reader is busy. Please try again in a moment, or type the details yourself.',
  },
  PAYMENT_GATEWAY_UNAVAILABLE: {
    status: 422,
    message: 'Paying by UPI link or QR code is not available on this site. Please use a manual deposit.',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'The payment provider did not answer. Please try again in a moment.',
  },
  PAYMENT_NOTICE_INVALID: { status: 401, message: 'The payment notice is not signed by the provider.' },
  PAYMENT_NOTICE_REPLAYED: { status: 409, message: 'This payment notice was already received.' },
  PAYMENT_NOTICE_MISMATCH: {
    status: 422,
    message: 'The payment notice does not match the order. Nothing was credited.',
  },
  PAYMENT_ORDER_CLOSED: { status: 409, message: 'This payment order is no longer open.' },
  BONUS_NOT_CLAIMABLE: { status: 422, message: 'This bonus cannot be claimed.' },
  BONUS_ACTIVE: {
    status: 409,
    message:
      'You have an active bonus. Withdrawing now forfeits the bonus (your cash is not touched). Confirm to withdraw and forfeit it.',
  },
  REFERRAL_NOT_CLAIMABLE: { status: 422, message: 'This referral reward cannot be claimed.' },
  REFERRAL_CAP_REACHED: {
    status: 422,
    message: "You have claimed this month's most referral rewards. Claim again next month.",
  },
  CASINO_SIGNATURE_INVALID: {
    status: 401,
    message: "The wallet call is not signed with the provider's secret. Nothing was changed.",
  },
  CASINO_SIGNATURE_STALE: {
    status: 401,
    message: "The wallet call's signed time is too far from ours: an old call sent again is refused.",
  },
  CASINO_PROVIDER_UNAVAILABLE: { status: 503, message: 'This casino provider is not configured here.' },
  CASINO_TOKEN_INVALID: { status: 401, message: 'The casinoToken is not one of ours.' },
  CASINO_TOKEN_EXPIRED: {
    status: 401,
    message: 'The casinoToken has expired: the player must open the game again.',
  },
  CASINO_TOKEN_FOREIGN: { status: 403, message: 'The casinoToken does not belong to this player or site.' },
  CASINO_TRANSACTION_CONFLICT: {
    status: 409,
    message: 'This transactionId was already used with other details. Nothing was changed.',
  },
  CASINO_BET_NOT_FOUND: { status: 404, message: 'No bet of this provider has that referenceTransactionId.' },
  CASINO_BET_CANCELLED: { status: 409, message: 'This bet was rolled back. Nothing was changed.' },
  CASINO_BET_HAS_WIN: {
    status: 409,
    message: 'This bet already has a win, so it cannot be rolled back. Nothing was changed.',
  },
  CASINO_ROUND_MISMATCH: {
    status: 422,
    message: 'The roundId is not the round of the bet. Nothing was changed.',
  },
  DEPOSIT_LIMIT_REACHED: {
    status: 422,
    message: 'This deposit would go over the deposit limit you set. Nothing was changed.',
  },
  LOSS_LIMIT_REACHED: {
    status: 422,
    message: 'This would go over the loss limit you set. Nothing was changed.',
  },
  PLAYER_TIMED_OUT: {
    status: 403,
    message: 'You are taking a time-out. You can still withdraw.',
  },
  PLAYER_SELF_EXCLUDED: {
    status: 403,
    message: 'You have excluded yourself from play. You can still withdraw.',
  },
  RG_CHANGE_REFUSED: {
    status: 422,
    message: 'A time-out or self-exclusion cannot be shortened or lifted early.',
  },
  SITE_SUSPENDED: { status: 503, message: 'The site is under maintenance.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];
