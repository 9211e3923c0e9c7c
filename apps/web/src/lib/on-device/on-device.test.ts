import { afterEach, describe, expect, it } from 'vitest';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { analyze } from '@baitcheck/detector';
import type { CurrentUser, FamilyView, MessageStats, ScanAnalysis, Subscription } from '@baitcheck/contracts';
import { queryKeys } from '../api/query-keys';
import { mockApi } from '@/testing/render';
import { PLANS, toScanAnalysis } from '@baitcheck/contracts/lite';
import { handle } from './engine.worker';
import {
  addDeviceScan,
  deviceIdOf,
  deviceMessageId,
  getDeviceScan,
  listDeviceScans,
  markDeviceScanDeleted,
  pendingDeviceSync,
  removeDeviceScans,
} from './device-history';
import { addPendingDeviceCounts } from './device-counts';
import { deleteDeviceEntry, listedDeviceEntries, wholeDeviceEntry } from './device-entries';
import { syncDeviceScans } from './device-sync';
import { MIRROR_KEY } from './on-device-mirror';
import { onDeviceStateNow } from './on-device-state';

const SCAM = 'URGENT: your account is suspended. Click here http://paypa1-secure.com/login to verify within 24 hours';
const NOW = '2026-11-27T12:00:00.000Z';

function analysisOf(content: string): ScanAnalysis {
  const reply = handle({ seq: 1, input: { kind: 'text', content, sender: '', source: 'sms' }, blockedSenders: [], now: NOW });
  if (!reply.ok) throw new Error(reply.error);
  return reply.analysis;
}

function clientAs(user: CurrentUser): QueryClient {
  const client = new QueryClient();
  client.setQueryData(queryKeys.currentUser, user);
  return client;
}

const SAM: CurrentUser = { kind: 'account', email: 'Sam@Example.com', createdAt: NOW };
const ALEX: CurrentUser = { kind: 'account', email: 'alex@example.com', createdAt: NOW };

afterEach(async () => {
  for (const owner of ['sam@example.com', 'alex@example.com']) await removeDeviceScans((await pendingDeviceSync(owner)).toSend.concat((await pendingDeviceSync(owner)).toDelete, await listDeviceScans(owner)).map((r) => r.id));
});

describe('the engine worker', () => {
  it('answers what the engine answers, in the scan shape the server sends', () => {
    const mine = analysisOf(SCAM);
    const engine = analyze({ kind: 'text', content: SCAM, sender: '', source: 'sms' }, { blockedSenders: [], now: NOW });
    expect(mine).toEqual(toScanAnalysis(engine, SCAM));
    expect(mine.threatLevel).toBe('phishing');
    expect(mine.enhanced).toBe(false);
    expect(mine.reasons.length).toBeGreaterThan(0);
  });

  it('reads a team-chat message as a social one, and a link without a sender, as the server does', () => {
    const slack = handle({ seq: 2, input: { kind: 'text', content: 'hey, lunch at 1?', sender: 'Priya', source: 'slack' }, blockedSenders: [], now: NOW });
    const social = analyze({ kind: 'text', content: 'hey, lunch at 1?', sender: 'Priya', source: 'social' }, { blockedSenders: [], now: NOW });
    expect(slack.ok && slack.analysis.score).toBe(social.score);
    const link = handle({ seq: 3, input: { kind: 'url', content: 'http://192.168.4.20/paypal/login', sender: '', source: 'manual' }, blockedSenders: ['x'], now: NOW });
    expect(link.ok && link.analysis.threatLevel).toBe(analyze({ kind: 'url', content: 'http://192.168.4.20/paypal/login', source: 'manual' }, { blockedSenders: [], now: NOW }).threatLevel);
  });

  it('names a blocked sender, and turns a failure into a reply instead of throwing', () => {
    const blocked = handle({ seq: 4, input: { kind: 'text', content: 'hello again', sender: 'Prize Desk', source: 'sms' }, blockedSenders: ['prize desk'], now: NOW });
    expect(blocked.ok && blocked.analysis.reasons.join(' ')).toMatch(/block/i);
    const broken = handle({ seq: 5, input: null as never, blockedSenders: [], now: NOW });
    expect(broken).toMatchObject({ seq: 5, ok: false });
  });
});

describe('the device history (IndexedDB)', () => {
  it('keeps each entry for its own account only, newest first, and reads it whole', async () => {
    const first = await addDeviceScan('sam@example.com', { kind: 'text', content: SCAM, sender: '', source: 'sms', analysis: analysisOf(SCAM), scanDate: new Date('2026-11-27T10:00:00Z') });
    await addDeviceScan('sam@example.com', { kind: 'text', content: 'Hi Mum', sender: 'Sam', source: 'sms', analysis: analysisOf('Hi Mum'), scanDate: new Date('2026-11-27T11:00:00Z') });
    await addDeviceScan('alex@example.com', { kind: 'text', content: 'not Sam’s', sender: '', source: 'sms', analysis: analysisOf('not Sam’s') });
    expect((await listDeviceScans('sam@example.com')).map((r) => r.content)).toEqual(['Hi Mum', SCAM]);
    expect(first.id).toMatch(/^[0-9a-f]{32}$/);
    expect(await getDeviceScan('alex@example.com', first.id)).toBeNull();
    const whole = await wholeDeviceEntry(clientAs(SAM), deviceMessageId(first.id));
    expect(whole).toMatchObject({ id: `device-${first.id}`, content: SCAM, threatLevel: 'phishing' });
    await expect(wholeDeviceEntry(clientAs(ALEX), deviceMessageId(first.id))).rejects.toThrow(/^404: /);
    expect(deviceIdOf(`device-${first.id}`)).toBe(first.id);
    expect(deviceIdOf('0b4e7d2e-4a8f-4a53-9d1b-2f7f0d7a2b11')).toBeNull();
  });

  it('lists entries as History does, with long messages cut to the preview, of one verdict when asked', async () => {
    const long = `${SCAM} ${'x'.repeat(3000)}`;
    await addDeviceScan('sam@example.com', { kind: 'text', content: long, sender: '', source: 'sms', analysis: analysisOf(long) });
    await addDeviceScan('sam@example.com', { kind: 'text', content: 'See you at 6', sender: '', source: 'sms', analysis: analysisOf('See you at 6') });
    const client = clientAs(SAM);
    const listed = await listedDeviceEntries(client, 'phishing');
    expect(listed).toHaveLength(1);
    expect(listed[0]!.content).toHaveLength(1000);
    expect(listed[0]!.contentTruncated).toBe(true);
    expect(listed[0]!.threatDetails.highlights.every((h) => h.end <= 1000)).toBe(true);
    expect(await listedDeviceEntries(client)).toHaveLength(2);
    // a guest has no device history
    expect(await listedDeviceEntries(clientAs({ kind: 'guest', email: null, createdAt: NOW }))).toEqual([]);
  });

  it('tells the server the verdict and date only, once; a delete is told too, and a never-sent entry just goes', async () => {
    const client = clientAs(SAM);
    const sent = await addDeviceScan('sam@example.com', { kind: 'text', content: SCAM, sender: '+1 555 0100', source: 'sms', analysis: analysisOf(SCAM) });
    const { calls } = mockApi({
      'GET /api/auth/me': { body: { user: SAM } },
      'POST /api/device-scans': { body: { stored: 1, known: 0, skipped: 0 } },
      [`DELETE /api/device-scans/${sent.id}`]: { body: { success: true } },
    });
    await syncDeviceScans('sam@example.com', client);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ scans: [{ id: sent.id, threatLevel: 'phishing', scannedAt: sent.scanDate }] });
    expect(JSON.stringify(posts[0]!.body)).not.toContain('paypa1');
    // told once: a second sync sends nothing
    await syncDeviceScans('sam@example.com', client);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    // deleted here: hidden at once, the server told, then gone for good
    await deleteDeviceEntry(client, deviceMessageId(sent.id));
    await syncDeviceScans('sam@example.com', client);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/device-scans/${sent.id}`]);
    expect(await pendingDeviceSync('sam@example.com')).toEqual({ toSend: [], toDelete: [] });

    const never = await addDeviceScan('sam@example.com', { kind: 'text', content: 'x', sender: '', source: 'sms', analysis: analysisOf('x') });
    expect(await markDeviceScanDeleted('sam@example.com', never.id)).toBe(true);
    expect(await pendingDeviceSync('sam@example.com')).toEqual({ toSend: [], toDelete: [] });
  });

  it('sends nothing when the session is someone else’s, and keeps what failed for the next try', async () => {
    const client = clientAs(SAM);
    await addDeviceScan('sam@example.com', { kind: 'text', content: SCAM, sender: '', source: 'sms', analysis: analysisOf(SCAM) });
    const other = mockApi({ 'GET /api/auth/me': { body: { user: ALEX } } });
    await syncDeviceScans('sam@example.com', clientAs(ALEX));
    // a stale tab, still believing Sam is signed in after Alex signed in in another tab: the server is asked
    await syncDeviceScans('sam@example.com', client);
    expect(other.calls.filter((c) => c.method === 'POST')).toEqual([]);

    mockApi({ 'GET /api/auth/me': { body: { user: SAM } }, 'POST /api/device-scans': { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } } });
    await syncDeviceScans('sam@example.com', client);
    expect((await pendingDeviceSync('sam@example.com')).toSend).toHaveLength(1);
  });
});

describe('the state a scan goes by', () => {
  const SETTINGS_ON = { smsProtection: true, emailProtection: true, socialMediaProtection: true, onDeviceScanning: true };
  const PREMIUM: Subscription = { plan: 'premium', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false, refundableUntil: null, provider: 'test', moneyBackUsed: false, basicScansPerDay: null };
  const NO_FAMILY: FamilyView = { role: 'none', canCreate: true, emailConfigured: false };

  afterEach(() => {
    localStorage.removeItem(MIRROR_KEY);
    onlineManager.setOnline(true);
  });

  it('asks the server when the page has not heard yet, or waits for the answer already asked for', async () => {
    const { calls } = mockApi({
      'GET /api/protection-settings': { body: SETTINGS_ON },
      'GET /api/auth/me': { body: { user: SAM } },
      'GET /api/subscription': { body: PREMIUM },
      'GET /api/family': { body: NO_FAMILY },
    });
    expect(await onDeviceStateNow(new QueryClient())).toEqual({ active: true, owner: 'sam@example.com', retentionDays: PLANS.premium.retentionDays });
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/auth/me', '/api/family', '/api/protection-settings', '/api/subscription']);

    // the screen asked first and is still waiting (a scan made at once): the scan waits for that answer
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: queryKeys.protectionSettings, queryFn: () => answered.then(() => SETTINGS_ON) });
    calls.length = 0;
    const state = onDeviceStateNow(client);
    answer();
    expect((await state).active).toBe(true);
    expect(calls.filter((c) => c.path === '/api/protection-settings')).toEqual([]);
  });

  it('goes by what the page knows, without asking again', async () => {
    const { calls } = mockApi({});
    const client = clientAs(SAM);
    client.setQueryData(queryKeys.protectionSettings, { ...SETTINGS_ON, onDeviceScanning: false });
    client.setQueryData(queryKeys.subscription, PREMIUM);
    client.setQueryData(queryKeys.family, NO_FAMILY);
    expect(await onDeviceStateNow(client)).toMatchObject({ active: false, owner: 'sam@example.com' });
    expect(calls).toEqual([]);
  });

  it('offline or unanswered, goes by what this browser last learnt, without waiting for the network', async () => {
    localStorage.setItem(MIRROR_KEY, JSON.stringify({ active: true, owner: 'sam@example.com', retentionDays: 90 }));
    const down = mockApi({ 'GET /api/protection-settings': { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } }, 'GET /api/auth/me': { body: { user: SAM } } });
    expect(await onDeviceStateNow(new QueryClient())).toEqual({ active: true, owner: 'sam@example.com', retentionDays: 90 });
    expect(down.calls.length).toBeGreaterThan(0);

    onlineManager.setOnline(false);
    const offline = mockApi({});
    expect(await onDeviceStateNow(new QueryClient())).toEqual({ active: true, owner: 'sam@example.com', retentionDays: 90 });
    expect(offline.calls).toEqual([]);
  });
});

describe('the dashboard counts', () => {
  it('add what the server has not been told yet, and take off what was deleted here', () => {
    const stats: MessageStats = { phishing: 2, suspicious: 0, safe: 1, windowDays: 30, lastSevenDays: [{ date: '2026-11-27', phishing: 2, suspicious: 0, safe: 1 }] };
    const next = addPendingDeviceCounts(stats, {
      changes: [
        { threatLevel: 'phishing', day: '2026-11-27', delta: 1 },
        { threatLevel: 'safe', day: '2026-11-27', delta: -1 },
        { threatLevel: 'suspicious', day: '2026-11-01', delta: 1 },
      ],
    });
    expect(next).toMatchObject({ phishing: 3, suspicious: 1, safe: 0 });
    expect(next.lastSevenDays[0]).toEqual({ date: '2026-11-27', phishing: 3, suspicious: 0, safe: 0 });
    // the server's answer is not changed in place
    expect(stats.phishing).toBe(2);
  });
});
