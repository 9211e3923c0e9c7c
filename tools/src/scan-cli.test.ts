import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TOOLS = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the CLI with `args`, feeding `stdin`, and returns its output and exit code. */
function runCli(args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/scan-cli.ts', ...args], { cwd: TOOLS });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('scan CLI --jsonl', () => {
  it('writes one result a line, keeps ids, and reports bad lines without stopping', async () => {
    const lines = [
      { id: 'p1', kind: 'text', content: 'URGENT: your account has been suspended. Verify now at http://paypa1-secure.xyz/login', sender: '+15550100', source: 'sms' },
      'this is not json',
      { id: 7, kind: 'url', content: 'https://www.google.com' },
      { id: 'bad-kind', kind: 'fax', content: 'x' },
      { id: 'no-content', kind: 'text' },
      { id: 'bad-source', kind: 'text', content: 'hi', source: 'pigeon' },
      '[1,2]',
      '',
      { id: 'ip', kind: 'url', content: 'http://192.168.4.1/paypal/login' },
      { id: 'safe', kind: 'text', content: 'Hi, are we still on for dinner?' },
    ];
    const stdin = `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\r\n`;
    const { code, stdout } = await runCli(['--jsonl'], stdin);
    expect(code).toBe(0);
    const out = stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(9);
    expect(out[0]).toMatchObject({ id: 'p1', threatLevel: 'phishing' });
    expect(Object.keys(out[0]!).sort()).toEqual(['id', 'reasons', 'score', 'threatLevel']);
    expect(out[0]!.reasons).toEqual(expect.arrayContaining([{ id: 'urgency-language', label: 'Urgency language detected' }]));
    expect(out[1]).toMatchObject({ id: null, error: expect.stringContaining('invalid JSON') });
    expect(out[2]).toMatchObject({ id: 7, threatLevel: 'safe', reasons: [] });
    expect(out[2]!.score).toBeLessThan(0.1);
    expect(out[3]).toMatchObject({ id: 'bad-kind', error: expect.any(String) });
    expect(out[4]).toMatchObject({ id: 'no-content', error: expect.any(String) });
    expect(out[5]).toMatchObject({ id: 'bad-source', error: expect.any(String) });
    expect(out[6]).toMatchObject({ id: null, error: expect.any(String) });
    expect(out[7]).toMatchObject({ id: 'ip', threatLevel: 'phishing' });
    expect(out[8]).toMatchObject({ id: 'safe', threatLevel: 'safe' });
    for (const o of out) if ('score' in o) expect(typeof o.score).toBe('number');
  });

  it('handles many lines on real stdin', async () => {
    const stdin = Array.from({ length: 500 }, (_, i) => JSON.stringify({ id: i, kind: 'text', content: `message ${i} click here bit.ly/x${i}` })).join('\n');
    const { code, stdout } = await runCli(['--jsonl'], stdin);
    expect(code).toBe(0);
    const ids = stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: number }).id);
    expect(ids).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });
});

describe('scan CLI with arguments', () => {
  it('prints a readable verdict for a text', async () => {
    const { code, stdout } = await runCli(['Congratulations! You won a $1000 gift card, click here: bit.ly/abc']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^(SUSPICIOUS|PHISHING) {2}\(score 0\.\d\d\)/);
    expect(stdout).toContain('Reward scam patterns detected');
    expect(stdout).toContain('[[gift card]]');
    expect(stdout).toContain('What to do:');
  });

  it('scans an http(s) URL argument as a URL', async () => {
    const { stdout } = await runCli(['http://192.168.4.1/paypal/login']);
    expect(stdout).toMatch(/^PHISHING/);
    expect(stdout).toContain('Domain 192.168.4.1');
    const safe = await runCli(['https://www.google.com']);
    expect(safe.stdout).toMatch(/^SAFE/);
    expect(safe.stdout).toContain('No suspicious elements detected.');
  });

  it('accepts --sender and --source, and exits 2 on usage errors', async () => {
    expect((await runCli([])).code).toBe(2);
    expect((await runCli(['--source', 'pigeon', 'hi'])).code).toBe(2);
    expect((await runCli(['--sender', 'x@example.com', '--source', 'email', 'hello there'])).stdout).toMatch(/^SAFE/);
  });
});
