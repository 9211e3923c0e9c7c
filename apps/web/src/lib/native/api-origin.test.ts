import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, apiUrl } from '@/lib/api-client';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

// The iOS and Android apps' pages are https://localhost and capacitor://localhost: their API calls
// must name the server (VITE_API_ORIGIN at build time); the web's stay on the page's own origin.
describe('the API origin', () => {
  it('is the page’s own on the web: paths stay as they are', () => {
    vi.stubEnv('VITE_API_ORIGIN', '');
    expect(apiUrl('/api/messages?limit=5')).toBe('/api/messages?limit=5');
  });

  it('is VITE_API_ORIGIN in the apps, with or without a trailing slash', () => {
    vi.stubEnv('VITE_API_ORIGIN', 'https://baitcheck.example/');
    expect(apiUrl('/api/messages')).toBe('https://baitcheck.example/api/messages');
    vi.stubEnv('VITE_API_ORIGIN', 'http://10.0.2.2:5000');
    expect(apiUrl('/api/me')).toBe('http://10.0.2.2:5000/api/me');
  });

  it('is where the one API client sends every request', async () => {
    vi.stubEnv('VITE_API_ORIGIN', 'https://baitcheck.example');
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('GET', '/api/scan-usage')).resolves.toEqual({ ok: true });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('https://baitcheck.example/api/scan-usage');
  });
});
