import { vi } from 'vitest';
import type { AlertChannels, Notification } from '@baitcheck/contracts';

/** A phishing alert about History entry m1, unread, made now. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    type: 'phishing_alert',
    title: 'Phishing detected',
    body: 'A text from +15551234 asks you to log in at a fake PayPal page. Do not tap its link.',
    messageId: 'm1',
    threatLevel: 'phishing',
    url: '/history?messageId=m1',
    count: 1,
    createdAt: new Date().toISOString(),
    readAt: null,
    ...overrides,
  };
}

/** A VAPID public key (base64url, an uncompressed P-256 point). */
export const VAPID_PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

/** Every channel able to send: web push (with a key), the phone app, email and SMS. */
export function makeChannels(overrides: Partial<AlertChannels> = {}): AlertChannels {
  return {
    webPush: { available: true, publicKey: VAPID_PUBLIC_KEY, devices: 0 },
    nativePush: { available: true, devices: 0 },
    email: { available: true, sendsTo: 'sam@example.com' },
    sms: { available: true, sendsTo: '+15551234567' },
    ...overrides,
  };
}

/** The server's words while an address waits for its owner's yes (as the API says them). */
export function confirmEmailReason(address: string): string {
  return `Confirm ${address} first: follow the link we send there. Alerts go only to an address whose owner said yes.`;
}

/**
 * The channels of an account whose email address is not confirmed yet: `sentAt` (ISO 8601) is when
 * the last confirmation link went out, none when no link was sent yet.
 */
export function makeUnconfirmedEmailChannels(sentAt?: string, address = 'sam@example.com'): AlertChannels {
  return makeChannels({
    email: {
      available: false,
      needsConfirmation: true,
      sendsTo: address,
      reason: confirmEmailReason(address),
      ...(sentAt ? { confirmationSentAt: sentAt } : {}),
    },
  });
}

/** A server where nothing but the app itself can send (the server's own reasons). */
export const NOTHING_SET_UP: AlertChannels = {
  webPush: { available: false, reason: 'Push alerts are not set up on this server.', devices: 0 },
  nativePush: { available: false, reason: 'Alerts to the iPhone and Android apps are not set up on this server (no Firebase Cloud Messaging account).', devices: 0 },
  email: { available: false, reason: 'Email alerts are not available on this server: no mail server is set up.' },
  sms: { available: false, reason: 'Text alerts are not available on this server: no SMS service is set up.' },
};

/**
 * A stand-in for the browser's EventSource, installed on `window`: each `new EventSource()` is
 * kept in `instances`; a test opens it, sends it events and fails it as a server would.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(url: string, init?: EventSourceInit) {
    super();
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  /** The connection opened (the first time, or again after a drop). */
  open() {
    this.readyState = FakeEventSource.OPEN;
    const event = new Event('open');
    this.onopen?.(event);
    this.dispatchEvent(event);
  }

  /** The server sent `event: name` with `data` as JSON. */
  emit(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }

  /** The connection dropped (the browser retries: CONNECTING) or was refused, e.g. 429 (CLOSED). */
  fail({ closed }: { closed: boolean }) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    const event = new Event('error');
    this.onerror?.(event);
    this.dispatchEvent(event);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The newest EventSource the app made. */
  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('No EventSource was opened');
    return last;
  }
}

/** Installs {@link FakeEventSource} as `window.EventSource` (undo with `vi.unstubAllGlobals()`). */
export function installFakeEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

interface FakePushOptions {
  /** `Notification.permission` at the start. */
  permission?: NotificationPermission;
  /** What `Notification.requestPermission()` answers. */
  answer?: NotificationPermission;
  /** Whether this browser is already subscribed. */
  subscribed?: boolean;
}

/**
 * A browser that can do web push: `Notification`, `PushManager` and a service worker container
 * whose registration subscribes. Returns the spies and the subscription's details.
 */
export function installFakePush({ permission = 'default', answer = 'granted', subscribed = false }: FakePushOptions = {}) {
  const endpoint = 'https://push.example.net/send/abc';
  const state = { permission, subscribed };
  const subscription = {
    endpoint,
    options: { applicationServerKey: null as ArrayBuffer | null },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p256dh-key', auth: 'auth-key' } }),
    unsubscribe: vi.fn(async () => {
      state.subscribed = false;
      return true;
    }),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => (state.subscribed ? subscription : null)),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      const key = options.applicationServerKey as Uint8Array;
      subscription.options.applicationServerKey = key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) as ArrayBuffer;
      state.subscribed = true;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  const NotificationStub = {
    get permission() {
      return state.permission;
    },
    requestPermission,
  };
  const serviceWorker = Object.assign(new EventTarget(), {
    register: vi.fn(async () => registration),
    getRegistration: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
  });
  vi.stubGlobal('Notification', NotificationStub);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  return { state, subscription, pushManager, serviceWorker, requestPermission, endpoint };
}

/** Takes the fake push away again (the stubbed globals go with `vi.unstubAllGlobals()`). */
export function removeFakePush() {
  if ('serviceWorker' in navigator) delete (navigator as { serviceWorker?: unknown }).serviceWorker;
}
