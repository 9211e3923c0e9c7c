import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, describeListeningUrl } from './logger.ts';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d) => (text += d));
  return { stream, text: () => text };
}

describe('createLogger', () => {
  it('writes one readable line per event for a terminal: time, level and message, no JSON braces around them', () => {
    const out = capture();
    const logger = createLogger({ level: 'info', readable: true, destination: out.stream });
    logger.info({ driver: 'pglite' }, 'database ready');
    logger.debug('not shown at info');
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: database ready \{"driver":"pglite"\}$/);
  });

  it('writes JSON, one object a line, when the output is not a terminal', async () => {
    const out = capture();
    const logger = createLogger({ level: 'info', readable: false, destination: out.stream });
    logger.info({ driver: 'pglite' }, 'database ready');
    await new Promise((r) => setImmediate(r));
    const entry = JSON.parse(out.text().trim()) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 30, msg: 'database ready', driver: 'pglite' });
  });
});

describe('request log lines', () => {
  it('keep the path of a request and none of its query string (what a person searched for)', async () => {
    const out = capture();
    const app = Fastify({ loggerInstance: createLogger({ level: 'info', readable: false, destination: out.stream }) });
    app.get('/api/knowledge-base/articles', async () => ({ articles: [] }));
    await app.inject({ method: 'GET', url: '/api/knowledge-base/articles?q=i%20clicked%20a%20link%20from%20my%20bank&category=Security' });
    await app.close();
    await new Promise((r) => setImmediate(r));
    const text = out.text();
    expect(text).toContain('"url":"/api/knowledge-base/articles?…"');
    expect(text).not.toMatch(/clicked|bank|Security/);
  });
});

describe('describeListeningUrl', () => {
  it('names a loopback or any-address listener localhost, and keeps any other address', () => {
    expect(describeListeningUrl({ address: '127.0.0.1', family: 'IPv4', port: 5000 })).toBe('http://localhost:5000');
    expect(describeListeningUrl({ address: '::', family: 'IPv6', port: 5000 })).toBe('http://localhost:5000');
    expect(describeListeningUrl({ address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe('http://localhost:8080');
    expect(describeListeningUrl({ address: '192.168.1.20', family: 'IPv4', port: 5000 })).toBe('http://192.168.1.20:5000');
    expect(describeListeningUrl({ address: 'fd00::5', family: 'IPv6', port: 5000 })).toBe('http://[fd00::5]:5000');
    expect(describeListeningUrl(null)).toBeNull();
  });
});
