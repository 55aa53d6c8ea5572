import type { ConnectionState, HubMessage, RealtimeConnection } from './connection';

/**
 * Tests only: a hub connection the test drives. It delivers the pushes it is given (`push`),
 * changes state when told (`setState`, telling the listeners) and counts the heartbeats sent.
 * Starting and stopping do nothing unless a subclass says otherwise.
 */
export class FakeConnection implements RealtimeConnection {
  heartbeats = 0;
  private readonly messages = new Set<(m: HubMessage) => void>();
  private readonly states = new Set<(s: ConnectionState) => void>();
  constructor(public state: ConnectionState = 'Connected') {}
  async start() {}
  async stop() {}
  async restart() {}
  async sendHeartbeat() {
    this.heartbeats += 1;
  }
  onMessage(handler: (m: HubMessage) => void) {
    this.messages.add(handler);
    return () => this.messages.delete(handler);
  }
  onStateChange(handler: (s: ConnectionState) => void) {
    this.states.add(handler);
    return () => this.states.delete(handler);
  }
  push(message: HubMessage) {
    for (const h of this.messages) h(message);
  }
  setState(state: ConnectionState) {
    this.state = state;
    for (const h of this.states) h(state);
  }
}
