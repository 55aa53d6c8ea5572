import { z } from 'zod';
import { IsoDateTimeSchema } from './envelope';

/*
 * One-time sign-in links (section 7, `POST /api/v1/token/token`, grant_type 'authorization_code').
 * An operator issues a link for one player of the site; the link carries a one-time code that lives
 * a few minutes, is stored only as a hash, and signs the player in once. The browser is a public
 * client: it holds no secret, the code is the whole credential.
 */

/** The players' page a sign-in link opens; it reads `code` and `user` from its query. */
export const LOGIN_LINK_PATH = '/auth/token';
/** How long a link lives unless the operator asks for less or more (minutes). */
export const LOGIN_LINK_DEFAULT_MINUTES = 10;
export const LOGIN_LINK_MAX_MINUTES = 60;

export const LoginLinkIssueInputSchema = z.object({
  /** The player of the request's site the link signs in. */
  userName: z.string().trim().min(1, 'User name is required').max(64),
  expiresInMinutes: z
    .number()
    .int()
    .min(1)
    .max(LOGIN_LINK_MAX_MINUTES)
    .optional()
    .default(LOGIN_LINK_DEFAULT_MINUTES),
});
export type LoginLinkIssueInput = z.input<typeof LoginLinkIssueInputSchema>;

export const LoginLinkIssueResultSchema = z.object({
  userName: z.string(),
  /** The address to hand the player: `{origin}/auth/token?code=…&user=…`. */
  link: z.string(),
  /** The one-time code the link carries (shown once; only its hash is kept). */
  code: z.string(),
  /** Where the exchange must say it was opened (`redirect_uri`). */
  redirectUri: z.string(),
  expiresAt: IsoDateTimeSchema,
});
export type LoginLinkIssueResult = z.infer<typeof LoginLinkIssueResultSchema>;

/**
 * The exchange of section 7. `client_user` is the player the link names, `redirect_uri` the sign-in
 * page's address the link was issued for. A public client has no secret: `client_secret` may be
 * sent empty, and a non-empty one is refused rather than ignored, so nobody mistakes it for a guard.
 */
export const TokenExchangeInputSchema = z.object({
  client_user: z.string().trim().min(1, 'client_user is required').max(256),
  client_secret: z.literal('', { error: 'This sign-in takes no client secret.' }).optional(),
  redirect_uri: z.string().trim().min(1, 'redirect_uri is required').max(2048),
  grant_type: z.literal('authorization_code', { error: "grant_type must be 'authorization_code'" }),
  code: z.string().trim().min(1, 'code is required').max(256),
});
export type TokenExchangeInput = z.input<typeof TokenExchangeInputSchema>;
