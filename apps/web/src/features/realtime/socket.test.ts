import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { connectRealtime, type ConnectionState } from './socket.ts';

type Handler = (...args: unknown[]) => void;

/** Enough of a socket.io-client Socket to drive the client: the test plays the server's side. */
class FakeSocket {
  connected = false;
  readonly handlers = new Map<string, Handler[]>();
  readonly emitted: Array<{ event: string; ack: Handler }> = [];
  connects = 0;
  options: unknown;

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  timeout() {
    return this;
  }
  emit(event: string, _payload: unknown, ack: Handler) {
    this.emitted.push({ event, ack });
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  /** The server side. */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  answerLogin(reply: unknown) {
    const last = this.emitted.filter((e) => e.event === 'login').at(-1);
    last?.ack(null, reply);
  }
}

function setup() {
  const socket = new FakeSocket();
  const states: ConnectionState[] = [];
  const changes: string[] = [];
  let reconnects = 0;
  const target = new EventTarget() as EventTarget & { navigator: { onLine: boolean } };
  target.navigator = { onLine: true };
  const client = connectRealtime({
    token: 't0k3n',
    events: ['user', 'product'],
    onChange: (event) => changes.push(event),
    onReconnect: () => (reconnects += 1),
    onState: (state) => states.push(state),
    connect: (options) => {
      socket.options = options;
      return socket as unknown as Socket;
    },
    target,
  });
  return { socket, states, changes, client, target, reconnects: () => reconnects };
}

describe('connectRealtime', () => {
  it('connects with the token, logs in, and reports the table events', () => {
    const { socket, states, changes } = setup();
    expect(socket.options).toMatchObject({ auth: { token: 't0k3n' }, path: '/socket.io', reconnection: true });
    expect(states).toEqual(['connecting']);
    socket.fire('connect');
    expect(socket.emitted.map((e) => e.event)).toEqual(['login']);
    socket.answerLogin({ ok: true, id_filial: 1 });
    expect(states).toEqual(['connecting', 'online']);
    socket.fire('user', { id_filial: null });
    socket.fire('product', {});
    expect(changes).toEqual(['user', 'product']);
  });

  it('asks for what was missed at the first login (changes made while the page was closed) and after each reconnection', () => {
    const { socket, states, reconnects } = setup();
    socket.fire('connect');
    expect(reconnects()).toBe(0);
    socket.answerLogin({ ok: true });
    expect(reconnects()).toBe(1);
    socket.fire('disconnect', 'transport close');
    expect(states.at(-1)).toBe('offline');
    socket.fire('connect');
    expect(socket.emitted.filter((e) => e.event === 'login')).toHaveLength(2);
    expect(reconnects()).toBe(1);
    socket.answerLogin({ ok: true });
    expect(reconnects()).toBe(2);
    expect(states.at(-1)).toBe('online');
  });

  it('reconnects by itself when the server closes the socket on its way down', () => {
    const { socket } = setup();
    socket.fire('connect');
    socket.answerLogin({ ok: true });
    socket.fire('disconnect', 'io server disconnect');
    expect(socket.connects).toBe(1);
  });

  it('logs in again after a branch switch', () => {
    const { socket, client } = setup();
    socket.fire('connect');
    socket.answerLogin({ ok: true, id_filial: 1 });
    client.relogin();
    expect(socket.emitted.filter((e) => e.event === 'login')).toHaveLength(2);
  });

  it('is offline while the browser has no network, and retries at once when it comes back', () => {
    const { socket, states, target } = setup();
    socket.fire('connect');
    socket.answerLogin({ ok: true });
    target.navigator.onLine = false;
    target.dispatchEvent(new Event('offline'));
    expect(states.at(-1)).toBe('offline');
    socket.fire('disconnect', 'transport close');
    target.navigator.onLine = true;
    target.dispatchEvent(new Event('online'));
    expect(socket.connects).toBe(1);
  });

  it('hands a process report to its handler and asks for the stock the operation moved', async () => {
    const socket = new FakeSocket();
    const changes: string[] = [];
    const reports: unknown[] = [];
    connectRealtime({
      token: 't',
      events: ['stock'],
      onChange: (event) => changes.push(event),
      onReconnect: () => undefined,
      onState: () => undefined,
      onProcess: (payload) => {
        reports.push(payload);
        return Promise.resolve();
      },
      connect: () => socket as unknown as Socket,
      target: Object.assign(new EventTarget(), { navigator: { onLine: true } }),
    });
    socket.fire('process', { id_operacao: 'abc', nsu: 7 });
    await Promise.resolve();
    expect(reports).toEqual([{ id_operacao: 'abc', nsu: 7 }]);
    expect(changes).toEqual(['stock']);
  });
});
