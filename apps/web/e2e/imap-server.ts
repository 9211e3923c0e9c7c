import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = resolve(import.meta.dirname, '../../..');

// The server's own throwaway Dovecot (apps/server/src/test/dovecot.ts), run in a process of its
// own as the server itself is (playwright.config.ts): the web app never imports server code.
// It answers one JSON line per request on stdout, and stops when its stdin closes.
const DRIVER = `
import { createInterface } from 'node:readline';
import { startDovecot } from './apps/server/src/test/dovecot.ts';
const imap = await startDovecot();
const say = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
say({ id: 0, value: { host: imap.host, port: imap.port } });
for await (const line of createInterface({ input: process.stdin })) {
  const { id, op, args } = JSON.parse(line);
  try {
    say({ id, value: (await imap[op](...args)) ?? null });
  } catch (error) {
    say({ id, error: String(error) });
  }
}
await imap.stop();
`;

/** A Dovecot IMAP server on 127.0.0.1 for one spec: plain IMAP, its own users and inboxes. */
export interface ImapTestServer {
  host: string;
  port: number;
  addUser(user: string, password: string): Promise<void>;
  /** Puts a raw email into the user's INBOX; resolves with its UID. */
  deliver(user: string, rawEmail: string): Promise<number>;
  stop(): Promise<void>;
}

/** Starts Dovecot (Debian's dovecot-imapd, which .ci/run installs) and resolves once it greets. */
export async function startImapServer(): Promise<ImapTestServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', DRIVER], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 1;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.once('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`the IMAP test server stopped (${code}): ${stderr}`));
    waiting.clear();
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const { id, value, error } = JSON.parse(line) as { id: number; value?: unknown; error?: string };
    const w = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) w?.reject(new Error(error));
    else w?.resolve(value);
  });
  const started = new Promise<unknown>((resolve, reject) => waiting.set(0, { resolve, reject }));
  const { host, port } = (await started) as { host: string; port: number };
  const call = <T>(op: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.stdin.write(`${JSON.stringify({ id, op, args })}\n`);
    });
  return {
    host,
    port,
    addUser: (user, password) => call<void>('addUser', user, password),
    deliver: (user, rawEmail) => call<number>('deliver', user, rawEmail),
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}
