import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(join(import.meta.dirname, '../public/sw.js'), 'utf8');
const ORIGIN = 'https://baitcheck.test';

type Listener = (event: Record<string, unknown>) => void;

/** Runs public/sw.js against a stand-in for the service worker's global scope, as the browser would. */
function loadWorker(windows: Array<{ url: string }> = []) {
  const listeners = new Map<string, Listener>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const clients = windows.map((w) => ({ ...w, focus: vi.fn(async () => undefined), postMessage: vi.fn() }));
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (name: string, listener: Listener) => listeners.set(name, listener),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => void shown.push({ title, options })) },
    clients: { claim: vi.fn(), matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => undefined) },
  };
  new Function('self', SOURCE)(self);
  /** Dispatches an event and waits for what it asked the browser to wait for. */
  const dispatch = async (name: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(name)!({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { self, shown, clients, dispatch };
}

const payload = { type: 'phishing_alert', messageId: 'm-1', title: 'Phishing detected', body: 'A text message from +1 555 0100 looks like phishing.', url: '/history?messageId=m-1', notificationId: 'n-1' };
const pushEvent = (data: unknown) => ({ data: { json: () => data, text: () => JSON.stringify(data) } });

describe('the service worker (public/sw.js)', () => {
  it('shows a push as a notification, one per alert, carrying where a tap goes', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', pushEvent(payload));
    expect(worker.shown).toEqual([
      { title: 'Phishing detected', options: expect.objectContaining({ body: payload.body, tag: 'n-1', data: { url: '/history?messageId=m-1', type: 'phishing_alert', messageId: 'm-1' } }) },
    ]);
  });

  it('opens the History entry of a phishing alert, and Home for a security update, in a new window when none is open', async () => {
    const worker = loadWorker();
    const close = vi.fn();
    await worker.dispatch('notificationclick', { notification: { close, data: { url: '/history?messageId=m-1', type: 'phishing_alert', messageId: 'm-1' } } });
    expect(close).toHaveBeenCalled();
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith('/history?messageId=m-1');
    // a push without a url: the spec's targets
    await worker.dispatch('notificationclick', { notification: { close, data: { type: 'security_update', messageId: null } } });
    expect(worker.self.clients.openWindow).toHaveBeenLastCalledWith('/');
    await worker.dispatch('notificationclick', { notification: { close, data: { type: 'phishing_alert', messageId: 'a b' } } });
    expect(worker.self.clients.openWindow).toHaveBeenLastCalledWith('/history?messageId=a%20b');
  });

  it('moves an open Baitcheck window to the entry instead of opening another, and never leaves the site', async () => {
    const worker = loadWorker([{ url: `${ORIGIN}/scan` }]);
    await worker.dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: '/history?messageId=m-1' } } });
    expect(worker.clients[0]!.focus).toHaveBeenCalled();
    expect(worker.clients[0]!.postMessage).toHaveBeenCalledWith({ type: 'baitcheck:navigate', url: '/history?messageId=m-1' });
    expect(worker.self.clients.openWindow).not.toHaveBeenCalled();
    await worker.dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: 'https://evil.example/login' } } });
    expect(worker.clients[0]!.postMessage).toHaveBeenLastCalledWith({ type: 'baitcheck:navigate', url: '/' });
  });
});
