import { z } from 'zod';
import { RupeesSchema } from './envelope';

/**
 * The realtime hub: a SignalR-protocol endpoint the web client reaches with the official
 * `@microsoft/signalr` client at HUB_PATH (routes.ts), per product spec section 7 and
 * ../shared/spec/realtime-protocol.md.
 */

/** Server methods the client invokes, and the one client method the server calls. */
export const HUB_METHODS = { RegisterClient: 'RegisterClient', SendHeartbeat: 'SendHeartbeat' } as const;
export type HubMethodName = (typeof HUB_METHODS)[keyof typeof HUB_METHODS];
export const HUB_CLIENT_METHOD = 'Message';

/** Section 9 constants, shared so the client and the server agree on them. */
export const REALTIME = {
  reconnectDelaysMs: [0, 2000, 10000, 30000],
  serverTimeoutMs: 30000,
  keepAliveMs: 15000,
  httpTimeoutMs: 100000,
  statefulReconnectBufferBytes: 100000,
  heartbeatIntervalMs: 20000,
} as const;

const shortText = (max: number) => z.string().max(max);
/** Logged-out clients send no token, null or an empty string: all mean "anonymous". */
const OptionalToken = z.string().max(4096).nullish();

/** RegisterClient({ Browser, Domain, CurrentPage, Token }) */
export const RegisterClientSchema = z.object({
  Browser: shortText(512).nullish(),
  Domain: shortText(253).nullish(),
  CurrentPage: shortText(2048).nullish(),
  Token: OptionalToken,
});
export type RegisterClient = z.infer<typeof RegisterClientSchema>;

/**
 * The page grouping the client asks for (an event id on an event page). A number or a short
 * printable string; null or empty leaves the current group.
 */
export const GroupBySchema = z.union([
  z.number().int().safe(),
  z
    .string()
    .max(128)
    .regex(/^[\x20-\x7e]*$/, 'GroupBy must be printable ASCII'),
]);

/** SendHeartbeat({ Browser, Domain, CurrentPage, Token, GroupBy }) */
export const SendHeartbeatSchema = RegisterClientSchema.extend({ GroupBy: GroupBySchema.nullish() });
export type SendHeartbeat = z.infer<typeof SendHeartbeatSchema>;

/**
 * Groups a client may join through GroupBy live in their own namespace, so a client can never
 * put itself into a server-side group such as an audience the server addresses on its own.
 */
export function pageGroup(groupBy: string | number): string {
  return `page:${String(groupBy)}`;
}

/** Completion results of the hub methods. */
export const RegisterClientResultSchema = z.object({
  ConnectionId: z.string(),
  Authenticated: z.boolean(),
});
export type RegisterClientResult = z.infer<typeof RegisterClientResultSchema>;

export const SendHeartbeatResultSchema = RegisterClientResultSchema.extend({
  /** The page group the connection is now in, or null. */
  Group: z.string().nullable(),
});
export type SendHeartbeatResult = z.infer<typeof SendHeartbeatResultSchema>;

/** Live balance of the connection's user, in rupees. */
export const UserBalanceMessageSchema = z.object({
  Code: z.literal('UserBalance'),
  Data: z.object({ Balance: RupeesSchema, Exposure: RupeesSchema }),
});
export type UserBalanceMessage = z.infer<typeof UserBalanceMessageSchema>;

/**
 * Everything the server pushes through the client method `Message`, told apart by `Code`.
 * The odds messages of the sports work join this union.
 */
export const HubMessageSchema = z.discriminatedUnion('Code', [UserBalanceMessageSchema]);
export type HubMessage = z.infer<typeof HubMessageSchema>;
export type HubMessageCode = HubMessage['Code'];
