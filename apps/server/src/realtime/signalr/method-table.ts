import type { HubIdentity } from './types';

/**
 * What a hub method sees of the connection that invoked it. Methods reach the hub only through
 * this, so the table below is all an application adds to the protocol server.
 */
export interface HubCall<S> {
  readonly connectionId: string;
  /** The connection's user, or null while anonymous; `claim` may set it during the call. */
  readonly userId: string | null;
  /** The application's state of this connection, kept across calls (ASP.NET's Context.Items, typed). */
  readonly state: S;
  /** Whether the connection closed, e.g. while the method awaited something. */
  readonly closed: boolean;
  /** An anonymous connection becomes the identity's user's; a connection of another user stays as it is. */
  claim(identity: HubIdentity): Promise<'claimed' | 'other-user' | 'closed'>;
  /** Resolves once the connection is in the group, on every server. */
  joinGroup(group: string): Promise<void>;
  leaveGroup(group: string): void;
}

/** The Completion a method answers: a result, or an error text the client's invoke rejects with. */
export type HubMethodOutcome = { result: unknown } | { error: string };

export type HubMethodHandler<S> = (call: HubCall<S>, args: readonly unknown[]) => Promise<HubMethodOutcome>;

/**
 * The hub methods clients may invoke, by name. Names match without regard to case, as in
 * ASP.NET (the official client relies on it); a second method under the same name is a mistake.
 */
export class HubMethodTable<S> {
  private readonly methods = new Map<string, HubMethodHandler<S>>();

  register(name: string, handler: HubMethodHandler<S>): () => void {
    const key = name.toLowerCase();
    if (this.methods.has(key)) throw new Error(`The hub method '${name}' is already registered`);
    this.methods.set(key, handler);
    return () => {
      if (this.methods.get(key) === handler) this.methods.delete(key);
    };
  }

  find(target: string): HubMethodHandler<S> | undefined {
    return this.methods.get(target.toLowerCase());
  }
}
