/**
 * Every API path of the route table sits at the origin root, beside the client's pages: in
 * development Vite sends these to the server (vite.config.ts), and the service worker (sw.ts) never
 * answers them. `sandbox`: the development payment provider's order pages, linked from /depositw.
 */
export const API_PATHS =
  '^/(Account|account|Setting|setting|UserStake|api|cdn|dev|Event|event|Market|Odds|Bet|Transaction|DepositWithdrawal|Referral|Bonus|docs|sandbox)(/|$)';

/**
 * Pages the server makes itself, not the client's: the realtime hub, the operators' console (its
 * own app) and a site's uploaded images, besides the API paths.
 */
export const SERVER_PAGES = '^/(notify|operator|site-images)(/|$)';
