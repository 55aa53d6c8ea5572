/*
 * Paths outside the route table, in a module of their own: a client that needs one does not import
 * the table (and with it every feature's schemas).
 */

/** The domain-settings JSON the client fetches from the CDN path, named after the host. */
export const CDN_SETTINGS_PATH = '/cdn/settings';
/** The realtime hub's path under the API base URL. */
export const HUB_PATH = '/notify';
