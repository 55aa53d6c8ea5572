import { z } from 'zod';
import { intField, nullableStringField } from '../fields';

/*
 * Client → server: the hub methods the client invokes, each with its one argument and its
 * completion result. A refusal is a completion error whose text is one of HUB_METHOD_ERRORS.
 */

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
  intField.safe(),
  z
    .string()
    .max(128)
    .regex(/^[\x20-\x7e]*$/, 'GroupBy must be printable ASCII'),
]);

/** SendHeartbeat({ Browser, Domain, CurrentPage, Token, GroupBy }) */
export const SendHeartbeatSchema = RegisterClientSchema.extend({ GroupBy: GroupBySchema.nullish() });
export type SendHeartbeat = z.infer<typeof SendHeartbeatSchema>;

export const RegisterClientResultSchema = z.object({
  ConnectionId: z.string(),
  Authenticated: z.boolean(),
});
export type RegisterClientResult = z.infer<typeof RegisterClientResultSchema>;

export const SendHeartbeatResultSchema = RegisterClientResultSchema.extend({
  /** The page group the connection is now in, or null. */
  Group: nullableStringField,
});
export type SendHeartbeatResult = z.infer<typeof SendHeartbeatResultSchema>;

const methodSchemas = {
  RegisterClient: { argument: RegisterClientSchema, result: RegisterClientResultSchema },
  SendHeartbeat: { argument: SendHeartbeatSchema, result: SendHeartbeatResultSchema },
} as const;

export type HubMethodName = keyof typeof methodSchemas;
export const HUB_METHODS = {
  RegisterClient: 'RegisterClient',
  SendHeartbeat: 'SendHeartbeat',
} as const satisfies { [M in HubMethodName]: M };
/** What a handler receives (parsed) and what the client sends (on the wire). */
export type HubMethodArgument<M extends HubMethodName> = z.output<(typeof methodSchemas)[M]['argument']>;
export type HubMethodArgumentWire<M extends HubMethodName> = z.input<(typeof methodSchemas)[M]['argument']>;
export type HubMethodResult<M extends HubMethodName> = z.output<(typeof methodSchemas)[M]['result']>;
export type HubMethodResultWire<M extends HubMethodName> = z.input<(typeof methodSchemas)[M]['result']>;

/**
 * Every hub method: its one argument and its result. The server parses the argument before its
 * handler runs and encodes the result. Typed per method name, so `HUB_METHOD_SCHEMAS[name]` keeps
 * its method's types where the name is generic.
 */
export const HUB_METHOD_SCHEMAS: {
  readonly [M in HubMethodName]: {
    readonly argument: z.ZodType<HubMethodArgument<M>, HubMethodArgumentWire<M>>;
    readonly result: z.ZodType<HubMethodResult<M>, HubMethodResultWire<M>>;
  };
} = methodSchemas;

/**
 * One invocation as a discriminated union on the target: `{ target, arguments: [argument] }`,
 * the shape of a SignalR Invocation message without its framing.
 */
function invocationOf<M extends HubMethodName>(target: M) {
  return z.object({ target: z.literal(target), arguments: z.tuple([methodSchemas[target].argument]) });
}
export const ClientInvocationSchema = z.discriminatedUnion('target', [
  invocationOf('RegisterClient'),
  invocationOf('SendHeartbeat'),
]);
export type ClientInvocation = z.output<typeof ClientInvocationSchema>;

/** Why a hub method refused an otherwise well-formed call: the completion's error text. */
export const HUB_METHOD_ERRORS = {
  invalidToken: 'The token is invalid or has expired.',
  otherUser: "The token belongs to a different user than this connection's.",
  authUnavailable: 'Authentication is not available right now.',
  connectionClosed: 'The connection is closed.',
} as const;
export type HubMethodError = (typeof HUB_METHOD_ERRORS)[keyof typeof HUB_METHOD_ERRORS];
