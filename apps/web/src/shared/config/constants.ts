import { t } from '../i18n/t';

/** Business constants of section 9 of the specification, in one place. */
export const HEARTBEAT_INTERVAL_MS = 20_000;
export const INACTIVITY_PROMPT_MS = 9 * 60_000;
export const INACTIVITY_ANSWER_MS = 10_000;
export const OTP_COUNTDOWN_SECONDS = 120;
export const ROUTE_LOADING_CLEAR_MS = 1_000;
export const REQUEST_DONE_LINGER_MS = 1_000;
export const REQUEST_ERROR_LINGER_MS = 100;
export const TREE_MARKER_SUCCESS_MS = 1_500;
export const TREE_MARKER_FAILURE_MS = 1_000;
export const HTTP_TIMEOUT_MS = 0;
export const CACHE_KEY_MIN = 100;
export const CACHE_KEY_MAX = 1000;
export const TOAST_AUTO_CLOSE_MS = 5_000;
export const TOAST_LIMIT = 20;
export const PRIMARY_COLOR = '#7367F0';

export const REALTIME = {
  serverTimeoutMs: 30_000,
  keepAliveMs: 15_000,
  httpTimeoutMs: 100_000,
  /** The official client's fixed negotiate redirect limit; recorded here, not configurable there. */
  negotiateRedirectLimit: 100,
  retryDelaysMs: [0, 2_000, 10_000, 30_000],
  statefulBufferBytes: 100_000,
} as const;

export const NETWORK_FAILURE_MESSAGE = 'Please Check Your Network Connection...';
export const INTERNAL_SERVER_ERROR_MESSAGE = 'Internal Server Error';
export const RESEND_SUCCESS_MESSAGE = 'OTP Code Send Again';

/*
 * The three messages above as a player reads them: the same text in English, Hindi when Hindi is on
 * screen. Read when shown, never kept: the language may change in between.
 */
export const networkFailureMessage = (): string => t('shared.networkFailure');
export const internalServerErrorMessage = (): string => t('shared.internalServerError');
export const resendSuccessMessage = (): string => t('shared.resendSuccess');
