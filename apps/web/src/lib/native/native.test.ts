import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The native side is mocked where the app meets it: @capacitor/core's platform, the App, push and
// share plugins. Everything of ours (the API client, the router's history) runs for real.
const native = vi.hoisted(() => {
  type Listener = (event: unknown) => void;
  const listeners = new Map<string, Listener>();
  const addListener = (plugin: string) =>
    vi.fn(async (event: string, listener: Listener) => {
      listeners.set(`${plugin}:${event}`, listener);
      return { remove: async () => undefined };
    });
  return {
    platform: 'android' as string,
    listeners,
    fire: (name: string, event?: unknown) => {
      const listener = listeners.get(name);
      if (!listener) throw new Error(`nothing listens for ${name}`);
      listener(event);
    },
    app: { addListener: addListener('app'), exitApp: vi.fn(async () => undefined) },
    push: {
      addListener: addListener('push'),
      checkPermissions: vi.fn(async () => ({ receive: 'prompt' as string })),
      requestPermissions: vi.fn(async () => ({ receive: 'granted' as string })),
      register: vi.fn(async () => undefined),
    },
    sendIntent: { checkSendIntentReceived: vi.fn(async (): Promise<unknown> => Promise.reject(new Error('No processing needed'))), finish: vi.fn() },
    // the Android app's own PushSetup plugin (MainActivity): whether the build has Firebase
    pushSetup: { check: vi.fn(async (): Promise<{ firebase: boolean }> => ({ firebase: true })) },
    userSwitchListeners: [] as Array<() => void>,
  };
});

vi.mock('@capacitor/core', () => ({
  Capacitor: {
    isNativePlatform: () => native.platform !== 'web',
    getPlatform: () => native.platform,
    // the web view's file server, as Capacitor's Android bridge answers it
    convertFileSrc: (path: string) => `https://localhost/_capacitor_file_${path.replace(/^file:\/\//, '')}`,
  },
  registerPlugin: (name: string) => {
    if (name !== 'PushSetup') throw new Error(`unexpected plugin ${name}`);
    return native.pushSetup;
  },
}));
vi.mock('@capacitor/app', () => ({ App: native.app }));
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: native.push }));
vi.mock('send-intent', () => ({ SendIntent: native.sendIntent }));
vi.mock('@/lib/api/auth', () => ({
  onUserSwitch: (listener: () => void) => {
    native.userSwitchListeners.push(listener);
    return () => undefined;
  },
}));

let fetchMock: ReturnType<typeof vi.fn>;

/** A fresh copy of the module (it starts once per page), on `platform`. */
async function start(platform: string) {
  native.platform = platform;
  vi.resetModules();
  const { startNative } = await import('./index');
  await startNative();
  return startNative;
}

/** The device-token requests the API client sent: [url, body]. */
function tokenRequests(): Array<[string, unknown]> {
  return (fetchMock.mock.calls as Array<[string, RequestInit]>)
    .filter(([url]) => url.endsWith('/api/device-tokens'))
    .map(([url, init]) => [url, JSON.parse(String(init.body))]);
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.stubEnv('VITE_API_ORIGIN', 'https://baitcheck.example');
  fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/');
  document.documentElement.className = '';
  native.listeners.clear();
  native.userSwitchListeners.length = 0;
  vi.clearAllMocks();
  native.push.checkPermissions.mockResolvedValue({ receive: 'prompt' });
  native.push.requestPermissions.mockResolvedValue({ receive: 'granted' });
  native.sendIntent.checkSendIntentReceived.mockRejectedValue(new Error('No processing needed'));
  native.pushSetup.check.mockResolvedValue({ firebase: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('startNative on the web', () => {
  it('does nothing at all: no plugin, no class, no request', async () => {
    await start('web');
    expect(native.app.addListener).not.toHaveBeenCalled();
    expect(native.push.addListener).not.toHaveBeenCalled();
    expect(native.push.register).not.toHaveBeenCalled();
    expect(native.sendIntent.checkSendIntentReceived).not.toHaveBeenCalled();
    expect(document.documentElement.classList.contains('native')).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('startNative in the apps', () => {
  it('marks the page for the safe-area layout, once however often it is called', async () => {
    const again = await start('ios');
    await again();
    expect([...document.documentElement.classList]).toEqual(['native', 'native-ios']);
    expect(native.push.register).toHaveBeenCalledTimes(1);
    expect(native.app.addListener.mock.calls.filter(([event]) => event === 'backButton')).toHaveLength(1);
  });

  it.each(['android', 'ios'])('on %s asks permission, registers, and sends the token with the platform to the server', async (platform) => {
    await start(platform);
    expect(native.push.requestPermissions).toHaveBeenCalledTimes(1);
    expect(native.push.register).toHaveBeenCalledTimes(1);
    native.fire('push:registration', { value: 'fcm-token:APA91b' });
    await flush();
    expect(tokenRequests()).toEqual([['https://baitcheck.example/api/device-tokens', { token: 'fcm-token:APA91b', platform }]]);
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
  });

  it('does not ask again when permission was given before, and does not register when it was refused', async () => {
    native.push.checkPermissions.mockResolvedValue({ receive: 'granted' });
    await start('android');
    expect(native.push.requestPermissions).not.toHaveBeenCalled();
    expect(native.push.register).toHaveBeenCalledTimes(1);

    native.push.checkPermissions.mockResolvedValue({ receive: 'denied' });
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await start('android');
    expect(native.push.requestPermissions).not.toHaveBeenCalled();
    expect(native.push.register).toHaveBeenCalledTimes(1);
  });

  it('neither asks permission nor registers on Android when the build has no Firebase project (register would crash the app)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    native.pushSetup.check.mockResolvedValue({ firebase: false });
    await start('android');
    expect(native.push.checkPermissions).not.toHaveBeenCalled();
    expect(native.push.requestPermissions).not.toHaveBeenCalled();
    expect(native.push.register).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(expect.stringContaining('not set up in this build'));

    // an activity without the app's plugin (the share activity) does not register either
    native.pushSetup.check.mockRejectedValue(new Error('"PushSetup" plugin is not implemented on android'));
    await start('android');
    expect(native.push.register).not.toHaveBeenCalled();
    // iOS does not need the check: registering without Firebase only fails there
    await start('ios');
    expect(native.pushSetup.check).toHaveBeenCalledTimes(2);
    expect(native.push.register).toHaveBeenCalledTimes(1);
  });

  it('only logs a token the server refused or could not be reached for', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(new Response('{"error":{"code":"INTERNAL"}}', { status: 500 }));
    await start('android');
    native.fire('push:registration', { value: 'token-1' });
    await flush();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the server was not told'), expect.objectContaining({ message: expect.stringContaining('500') }));

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    native.fire('push:registration', { value: 'token-2' });
    await flush();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(tokenRequests()).toHaveLength(2);
  });

  it('only logs a plugin that fails, and still starts the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    native.push.checkPermissions.mockRejectedValue(new Error('Firebase is not set up'));
    await expect(start('android')).resolves.toBeTypeOf('function');
    expect(warn).toHaveBeenCalledWith('Push notifications could not start', expect.any(Error));
    expect(native.listeners.has('app:backButton')).toBe(true);
  });

  it('sends the token again after a sign-in, so alerts follow the person', async () => {
    await start('android');
    native.fire('push:registration', { value: 'token-1' });
    await flush();
    for (const listener of native.userSwitchListeners) listener();
    await flush();
    expect(tokenRequests().map(([, body]) => body)).toEqual([
      { token: 'token-1', platform: 'android' },
      { token: 'token-1', platform: 'android' },
    ]);
  });

  it('opens the page a tapped alert points at, only ever one of ours', async () => {
    await start('android');
    native.fire('push:pushNotificationActionPerformed', { actionId: 'tap', notification: { id: '1', data: { type: 'phishing_alert', messageId: 'm1', url: '/history?messageId=m1' } } });
    expect(window.location.pathname + window.location.search).toBe('/history?messageId=m1');

    native.fire('push:pushNotificationActionPerformed', { actionId: 'tap', notification: { id: '2', data: { url: 'https://evil.example/login' } } });
    expect(window.location.pathname + window.location.search).toBe('/');

    // no page named: a phishing alert opens its History entry, anything else Home (as public/sw.js)
    native.fire('push:pushNotificationActionPerformed', { actionId: 'tap', notification: { id: '3', data: { type: 'phishing_alert', messageId: 'm 2' } } });
    expect(window.location.pathname + window.location.search).toBe('/history?messageId=m%202');
    native.fire('push:pushNotificationActionPerformed', { actionId: 'tap', notification: { id: '4', data: { type: 'security_update', messageId: '' } } });
    expect(window.location.pathname + window.location.search).toBe('/');
  });

  it('logs pause and resume', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await start('ios');
    native.fire('app:pause');
    native.fire('app:resume');
    expect(info).toHaveBeenCalledWith('App paused');
    expect(info).toHaveBeenCalledWith('App resumed');
  });
});

describe('the Android back button', () => {
  it('closes the app from the home screen', async () => {
    await start('android');
    native.fire('app:backButton', { canGoBack: true });
    expect(native.app.exitApp).toHaveBeenCalledTimes(1);
  });

  it('goes back a page elsewhere, without closing the app', async () => {
    await start('android');
    window.history.pushState(null, '', '/history');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    native.fire('app:backButton', { canGoBack: true });
    expect(back).toHaveBeenCalledTimes(1);
    expect(native.app.exitApp).not.toHaveBeenCalled();
  });

  it('goes Home from a page the app was opened straight onto', async () => {
    await start('android');
    window.history.replaceState(null, '', '/settings');
    native.fire('app:backButton', { canGoBack: false });
    expect(window.location.pathname).toBe('/');
    expect(native.app.exitApp).not.toHaveBeenCalled();
  });

  it('closes an open dialog first', async () => {
    await start('android');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.dataset.state = 'open';
    document.body.append(dialog);
    const keys: string[] = [];
    const onKey = (event: KeyboardEvent) => keys.push(event.key);
    document.addEventListener('keydown', onKey);
    try {
      native.fire('app:backButton', { canGoBack: true });
    } finally {
      document.removeEventListener('keydown', onKey);
      dialog.remove();
    }
    expect(keys).toEqual(['Escape']);
    expect(native.app.exitApp).not.toHaveBeenCalled();
  });
});

describe('text shared to the Android app', () => {
  it('opens the Scan screen with the text (and its subject) filled in', async () => {
    const text = 'USPS: your parcel is on hold, pay 1.99 at https://usps-redelivery.example/track?id=5 & reply STOP';
    native.sendIntent.checkSendIntentReceived.mockResolvedValue({ title: 'Fwd: parcel', url: text, type: 'text/plain' });
    await start('android');
    expect(window.location.pathname).toBe('/scan');
    const query = new URLSearchParams(window.location.search);
    expect(query.get('text')).toBe(text);
    expect(query.get('title')).toBe('Fwd: parcel');
  });

  it('stays on Home when the app was not opened by a share', async () => {
    await start('android');
    expect(native.sendIntent.checkSendIntentReceived).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/');
  });

  it('ignores a shared file that is not a picture, or an empty text', async () => {
    native.sendIntent.checkSendIntentReceived.mockResolvedValue({ title: 'bill.pdf', url: 'file:///data/bill.pdf', type: 'application/pdf' });
    await start('android');
    expect(window.location.pathname).toBe('/');
    native.sendIntent.checkSendIntentReceived.mockResolvedValue({ url: '   ', type: 'text/plain' });
    await start('android');
    expect(window.location.pathname).toBe('/');
  });
});

describe('a picture shared to the Android app', () => {
  const stored = new Map<string, Response>();
  const cacheStorage = { open: async () => ({ put: async (key: string, r: Response) => void stored.set(key, r), delete: async (key: string) => stored.delete(key) }) };
  beforeEach(() => {
    stored.clear();
    vi.stubGlobal('caches', cacheStorage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is read from the app’s files and kept for the Scan screen, which opens to read it', async () => {
    const loaded: string[] = [];
    vi.stubGlobal('fetch', async (src: string) => (loaded.push(src), new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } })));
    native.sendIntent.checkSendIntentReceived.mockResolvedValue({ title: 'Screenshot_20261128.png', url: 'file%3A%2F%2F%2Fdata%2Fuser%2F0%2Fapp%2Fcache%2FScreenshot_20261128.png', type: 'image/png' });
    await start('android');
    expect(loaded).toEqual(['https://localhost/_capacitor_file_/data/user/0/app/cache/Screenshot_20261128.png']);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/scan?image=1');
    const kept = stored.get('/shared-image')!;
    expect(kept.headers.get('x-file-name')).toBe('Screenshot_20261128.png');
    expect(kept.headers.get('content-type')).toBe('image/png');
  });

  it('opens the Scan screen saying so when the picture cannot be read', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    native.sendIntent.checkSendIntentReceived.mockResolvedValue({ title: 'x.png', url: 'file:///gone.png', type: 'image/png' });
    await start('android');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/scan?image=failed');
    expect(stored.size).toBe(0);
  });

  it('is not asked on iOS (no share extension there)', async () => {
    await start('ios');
    expect(native.sendIntent.checkSendIntentReceived).not.toHaveBeenCalled();
  });
});
