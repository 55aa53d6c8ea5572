import { describe, expect, it } from 'vitest';
import { ClientConnection, type Transport } from './connection';
import { ProtocolError, splitMessages } from './protocol';

function connection() {
  return new ClientConnection({ id: 'c', secret: 't', userId: null, statefulOffered: true, now: 0 });
}

/** A connection whose handshake asked for stateful reconnect, keeping up to `limit` bytes. */
function stateful(limit = 1024) {
  const conn = connection();
  conn.beginStateful(limit);
  return conn;
}

function socket(): Transport & { written: string[] } {
  const written: string[] = [];
  return { kind: 'WebSockets', written, write: (frames) => written.push(frames), end: () => undefined };
}

const frame = (n: number) => `{"type":1,"target":"Message","arguments":[${n}]}\x1e`;
const sequence = (id: number) => `{"type":9,"sequenceId":${id}}\x1e`;

describe('a connection keeps only what it uses', () => {
  it('keeps no replay frames without stateful reconnect', () => {
    const conn = connection();
    expect(conn.statefulOffered).toBe(true);
    conn.attach(socket(), 0);
    for (let i = 1; i <= 3; i += 1) expect(conn.send(frame(i), true, 0)).toBe(true);
    expect(conn.replayFrameCount).toBe(0);
    expect(conn.takeAck()).toBeNull();
    expect(conn.acceptInbound(1)).toBe(true);
    expect(conn.acceptInbound(1)).toBe(true);
  });

  it('numbers frames from 1, drops the acknowledged ones, and replays the rest in order after a drop', () => {
    const conn = stateful();
    conn.attach(socket(), 0);
    expect(conn.replayFrameCount).toBe(0);
    for (let i = 1; i <= 5; i += 1) conn.send(frame(i), true, 0);
    // Untracked frames (pings, acks) are not numbered.
    conn.send('{"type":6}\x1e', false, 0);
    expect(conn.replayFrameCount).toBe(5);
    conn.acknowledge(2);
    expect(conn.replayFrameCount).toBe(3);

    conn.detach(1);
    conn.send(frame(6), true, 1);
    const resumed = socket();
    conn.resume(resumed, 2);
    expect(resumed.written).toEqual([sequence(3) + [3, 4, 5, 6].map(frame).join('')]);
    expect(conn.unacknowledgedBytes).toBe([3, 4, 5, 6].map(frame).join('').length);
  });

  it('lets go of the buffer once everything is acknowledged, and numbers on from where it was', () => {
    const conn = stateful();
    conn.attach(socket(), 0);
    for (let i = 1; i <= 3; i += 1) conn.send(frame(i), true, 0);
    conn.acknowledge(3);
    expect(conn.replayFrameCount).toBe(0);
    expect(conn.unacknowledgedBytes).toBe(0);

    // A resume with nothing outstanding announces the next id and replays nothing.
    conn.detach(1);
    const first = socket();
    conn.resume(first, 1);
    expect(first.written).toEqual([sequence(4)]);

    conn.send(frame(4), true, 2);
    conn.send(frame(5), true, 2);
    conn.detach(3);
    const second = socket();
    conn.resume(second, 3);
    expect(second.written).toEqual([sequence(4) + frame(4) + frame(5)]);
    // An acknowledgement of an id it never sent changes nothing more than acknowledging all.
    conn.acknowledge(99);
    expect(conn.replayFrameCount).toBe(0);
  });

  it('compacts a long buffer as acknowledgements come and still replays from the right id', () => {
    const conn = stateful(1 << 20);
    conn.attach(socket(), 0);
    for (let i = 1; i <= 200; i += 1) conn.send(frame(i), true, 0);
    for (let acked = 10; acked <= 150; acked += 10) conn.acknowledge(acked);
    expect(conn.replayFrameCount).toBe(50);
    conn.detach(1);
    const resumed = socket();
    conn.resume(resumed, 1);
    const expected = Array.from({ length: 50 }, (_, i) => frame(151 + i)).join('');
    expect(resumed.written).toEqual([sequence(151) + expected]);
  });

  it('refuses to keep more than the replay limit', () => {
    const conn = stateful(frame(1).length * 2);
    conn.attach(socket(), 0);
    expect(conn.send(frame(1), true, 0)).toBe(true);
    expect(conn.send(frame(2), true, 0)).toBe(true);
    expect(conn.send(frame(3), true, 0)).toBe(false);
  });

  it("drops the client's replayed duplicates and acknowledges what is new", () => {
    const conn = stateful();
    expect([conn.acceptInbound(1), conn.acceptInbound(1), conn.acceptInbound(6)]).toEqual([true, true, true]);
    expect(conn.takeAck()).toBe(2);
    expect(conn.takeAck()).toBeNull();
    conn.resetInbound(2);
    expect([conn.acceptInbound(1), conn.acceptInbound(1)]).toEqual([false, true]);
    expect(conn.takeAck()).toBe(3);
    expect(() => conn.resetInbound(9)).toThrow(ProtocolError);
    // Without stateful reconnect a Sequence past the first message breaks the protocol too.
    expect(() => connection().resetInbound(2)).toThrow(ProtocolError);
  });

  it('remembers one sign-in session or several', () => {
    const conn = connection();
    expect(conn.inSessions(['a'])).toBe(false);
    conn.addSession('a');
    conn.addSession('a');
    expect(conn.inSessions(['a'])).toBe(true);
    expect(conn.inSessions(['b'])).toBe(false);
    conn.addSession('b');
    expect(conn.inSessions(['x', 'b'])).toBe(true);
    expect(conn.inSessions(['a'])).toBe(true);
    expect(conn.inSessions(['c'])).toBe(false);
  });
});

describe('splitting what the client sends into messages', () => {
  it('keeps an unterminated tail for the next chunk', () => {
    expect(splitMessages('', '{"a":1}\x1e{"b"', 100)).toEqual({ messages: ['{"a":1}'], rest: '{"b"' });
    expect(splitMessages('{"b"', ':2}\x1e', 100)).toEqual({ messages: ['{"b":2}'], rest: '' });
  });

  it('refuses a message or a tail over the limit, counting bytes, not characters', () => {
    expect(() => splitMessages('', `${'x'.repeat(11)}\x1e`, 10)).toThrow(ProtocolError);
    expect(() => splitMessages('', 'x'.repeat(11), 10)).toThrow(ProtocolError);
    expect(() => splitMessages('', `${'é'.repeat(6)}\x1e`, 10)).toThrow(ProtocolError);
    expect(splitMessages('', `${'é'.repeat(5)}\x1e`, 10).messages).toEqual(['é'.repeat(5)]);
  });
});
