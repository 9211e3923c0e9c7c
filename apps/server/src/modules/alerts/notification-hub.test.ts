import { describe, expect, it } from 'vitest';
import { createNotificationHub, type HubEvent } from './notification-hub.ts';

describe('the notification hub', () => {
  it('tells each person only their own events, to every stream they hold', () => {
    const hub = createNotificationHub({ perUser: 10, perAddress: 50, total: 100 });
    const heard: Array<[string, HubEvent]> = [];
    hub.listen('alice', 'a1', (e) => heard.push(['alice-1', e]));
    hub.listen('alice', 'a2', (e) => heard.push(['alice-2', e]));
    hub.listen('bob', 'b1', (e) => heard.push(['bob', e]));
    hub.publish('alice', { kind: 'unread', unread: 2 });
    expect(heard.map(([who]) => who)).toEqual(['alice-1', 'alice-2']);
  });

  it('refuses a stream past the per-person, per-address and total limits, and a closed one frees its slot everywhere', () => {
    const hub = createNotificationHub({ perUser: 2, perAddress: 3, total: 5 });
    // a new function each time, as each open stream has its own
    const noop = () => () => undefined;
    const a = hub.listen('alice', 'home', noop())!;
    hub.listen('alice', 'home', noop());
    expect(hub.listen('alice', 'work', noop())).toBeNull();
    hub.listen('bob', 'home', noop());
    // the address holds 3: a fourth person there is refused, elsewhere admitted
    expect(hub.listen('carol', 'home', noop())).toBeNull();
    hub.listen('carol', 'cafe', noop());
    hub.listen('dan', 'cafe', noop());
    expect(hub.open).toBe(5);
    expect(hub.listen('erin', 'library', noop())).toBeNull();
    a();
    a();
    expect(hub.open).toBe(4);
    expect(hub.listen('carol', 'home', noop())).not.toBeNull();
  });

  it('keeps telling the others when one listener throws', () => {
    const hub = createNotificationHub({ perUser: 10, perAddress: 50, total: 100 });
    let heard = 0;
    hub.listen('alice', 'a', () => {
      throw new Error('a broken stream');
    });
    hub.listen('alice', 'a', () => heard++);
    hub.publish('alice', { kind: 'unread', unread: 0 });
    expect(heard).toBe(1);
  });
});
