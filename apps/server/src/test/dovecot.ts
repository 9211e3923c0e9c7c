import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

/** Where Debian's `dovecot-core` puts the server (`.ci/run` installs `dovecot-imapd`). */
const DOVECOT = '/usr/sbin/dovecot';

/** A throwaway Dovecot IMAP server on 127.0.0.1: plain IMAP, users in a passwd file, maildirs in a temp dir. */
export interface TestImapServer {
  readonly host: string;
  readonly port: number;
  /**
   * Adds the user, or changes their password. Resolves once the next login sees it: at once for a
   * new user, within a second for a changed password (Dovecot rereads a passwd file at most once a second).
   */
  addUser(user: string, password: string): Promise<void>;
  /** Puts a message (its raw bytes: a string is UTF-8) into the user's INBOX by IMAP APPEND as that user; resolves with its UID once stored. */
  deliver(user: string, rawEmail: string | Buffer): Promise<number>;
  /** Cuts every client connection at once (the IMAP processes are killed), as a network drop would. */
  dropConnections(): Promise<void>;
  /** Throws the user's INBOX away; the next login finds an empty one with a new UIDVALIDITY. */
  recreateInbox(user: string): Promise<void>;
  /** The server's log so far (for a failing test's message). */
  log(): string;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** The account Dovecot runs as when the tests run as root: its own, so nothing runs as root. */
function unprivilegedAccount(): { name: string; uid: number; gid: number } {
  for (const name of ['dovecot', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      return { name, uid, gid };
    } catch {
      // no such account, try the next
    }
  }
  throw new Error('startDovecot: running as root, but there is neither a "dovecot" nor a "nobody" account to run Dovecot as');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once the server sends its greeting on the port. */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString('latin1').startsWith('* OK')));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The configuration, for Dovecot 2.3 (Debian 12). Everything lives in `dir`: the runtime
 * sockets (base_dir), state, log and maildirs, so nothing is written to the system's paths and
 * two test files can run their own servers side by side. Dovecot runs as one ordinary user for
 * every process (the master as well), so the chroots, which need root, are off.
 */
function configuration(dir: string, port: number, account: { name: string; uid: number; gid: number; group: string }): string {
  return `# written by apps/server/src/test/dovecot.ts for one test run
instance_name = baitcheck-test-${randomBytes(4).toString('hex')}
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
# plain IMAP on loopback only: no certificate to make, and LOGIN in clear is allowed
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# a wrong password answers at once (the default waits 2 s: the tests try wrong ones on purpose)
auth_failure_delay = 0
default_internal_user = ${account.name}
default_internal_group = ${account.group}
default_login_user = ${account.name}
first_valid_uid = ${account.uid}
last_valid_uid = ${account.uid}
first_valid_gid = ${account.gid}
mail_location = maildir:~/Maildir
mail_fsync = never
protocol imap {
  # watchers, verifications and deliveries of one test user all come from 127.0.0.1
  mail_max_userip_connections = 200
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
  # Nor is every later login from 127.0.0.1 held back after one (the auth penalty, up to 15 s):
  # auth, unable to open this socket, works without penalties (and logs that once).
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users/%u
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users/%u
}
`;
}

/** The pids of the master's children running `names` (their executable, as /proc/<pid>/comm shows it). */
function childrenNamed(masterPid: number, names: string[]): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ...": comm may hold spaces, so read after the last ')'
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (ppid === masterPid && names.includes(comm)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/**
 * Starts Dovecot (`$0`, config `$1`) in the background and prints its pid; once standard input
 * ends, stops it, waits for it and removes its directory (`$2`).
 */
const WRAPPER = '"$0" -F -c "$1" </dev/null & pid=$!; echo "$pid"; read -r _; kill "$pid" 2>/dev/null; wait "$pid"; rm -rf "$2"';

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Whether the process still runs (a zombie waiting for the master to reap it has closed its sockets already). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Starts Dovecot (`dovecot -F`, under a shell that stops it when this process ends) on 127.0.0.1
 * and a free port, and resolves once it greets. As root (CI), it runs as the `dovecot` account,
 * which owns the temp dir; as anyone else, as that user. Throws, with the reason, when Dovecot is not installed or
 * does not start: a test that needs it must fail, never pass by skipping.
 */
export async function startDovecot(): Promise<TestImapServer> {
  if (!existsSync(DOVECOT)) {
    throw new Error(`startDovecot: ${DOVECOT} is missing. Install Debian's dovecot-imapd (apt-get install --no-install-recommends dovecot-imapd); .ci/run does this on CI.`);
  }
  const version = execFileSync(DOVECOT, ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith('2.3.')) {
    throw new Error(`startDovecot: Dovecot ${version} found; this harness writes a Dovecot 2.3 configuration (Debian 12's), and 2.4 changed its syntax`);
  }

  const asRoot = process.getuid?.() === 0;
  const account = asRoot
    ? { ...unprivilegedAccount(), group: '' }
    : { name: execFileSync('id', ['-un'], { encoding: 'utf8' }).trim(), uid: process.getuid!(), gid: process.getgid!(), group: '' };
  account.group = execFileSync('id', ['-gn', account.name], { encoding: 'utf8' }).trim();
  const giveAway = (path: string) => {
    if (asRoot) chownSync(path, account.uid, account.gid);
  };

  const dir = mkdtempSync(join(tmpdir(), 'baitcheck-dovecot-'));
  for (const sub of ['', 'run', 'state', 'home']) {
    mkdirSync(join(dir, sub), { recursive: true });
    giveAway(join(dir, sub));
  }
  // One passwd file per user (the path has %u in it): Dovecot looks at a passwd file at most once
  // a second, so a user added to a shared file could be refused for up to a second; a new file
  // is read at the user's first login.
  const usersDir = join(dir, 'users');
  mkdirSync(usersDir);
  giveAway(usersDir);
  const users = new Map<string, string>();
  // Dovecot rereads a passwd file when its mtime or size changed; a new password of the same
  // length written within the same second would change neither, so each write moves the mtime on.
  let passwdStamp = Math.floor(Date.now() / 1000);
  const writeUser = (user: string, password: string) => {
    const file = join(usersDir, user);
    writeFileSync(file, `${user}:{PLAIN}${password}:${account.uid}:${account.gid}::${join(dir, 'home', user)}\n`, { mode: 0o600 });
    giveAway(file);
    passwdStamp += 1;
    utimesSync(file, passwdStamp, passwdStamp);
  };
  const logFile = join(dir, 'dovecot.log');
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');

  let started: { wrapper: ChildProcess; masterPid: number; exited: Promise<void> } | undefined;
  let port = 0;
  let output = '';
  // the free port may be taken between our check and Dovecot's bind: then try another
  for (let attempt = 0; attempt < 3 && !started; attempt++) {
    port = await freePort();
    writeFileSync(join(dir, 'dovecot.conf'), configuration(dir, port, account));
    giveAway(join(dir, 'dovecot.conf'));
    // Dovecot under a shell that waits on our pipe: when this process ends in any way (a test
    // run interrupted, a crash), the pipe closes and the shell stops Dovecot and removes its
    // directory; Dovecot would otherwise run on with nobody to stop it.
    const wrapper = spawn('/bin/sh', ['-c', WRAPPER, DOVECOT, join(dir, 'dovecot.conf'), dir], {
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(asRoot ? { uid: account.uid, gid: account.gid } : {}),
    });
    const exited = new Promise<void>((resolve) => wrapper.once('exit', () => resolve()));
    let masterPid = 0;
    wrapper.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      masterPid ||= Number(/^(\d+)\n/.exec(output)?.[1] ?? 0);
    });
    wrapper.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 10_000;
    const alive = () => masterPid === 0 || running(masterPid);
    while (alive() && Date.now() < deadline && !(masterPid > 0 && (await greets(port)))) await sleep(50);
    if (masterPid > 0 && alive() && (await greets(port))) {
      started = { wrapper, masterPid, exited };
      break;
    }
    // killed, not told to stop: the shell would remove the directory the next attempt uses
    if (masterPid > 0) killQuietly(masterPid);
    wrapper.kill('SIGKILL');
    await exited;
    if (!/Address already in use/i.test(output + log())) break;
  }
  if (!started) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`startDovecot: Dovecot did not start on 127.0.0.1:${port}.\n${output}\n${log()}`);
  }
  const { wrapper, masterPid, exited } = started;

  /** Kills the processes and waits until they are gone (so their connections are closed). */
  async function kill(pids: number[]): Promise<void> {
    for (const pid of pids) killQuietly(pid);
    const deadline = Date.now() + 5_000;
    while (pids.some(running) && Date.now() < deadline) await sleep(10);
  }

  const server: TestImapServer = {
    host: '127.0.0.1',
    port,
    async addUser(user, password) {
      if (!/^[\w.-]+$/.test(user) || /[:\r\n]/.test(password)) throw new Error('addUser: a test user name is letters, digits, . _ -; a password has no colon or line break (passwd file)');
      const known = users.has(user);
      users.set(user, password);
      writeUser(user, password);
      // A changed password is seen at the first login in a later second than the last one
      // Dovecot read the file in: wait for the next second to begin.
      if (known) await sleep(1_000 - (Date.now() % 1_000) + 20);
    },
    async deliver(user, rawEmail) {
      const password = users.get(user);
      if (password === undefined) throw new Error(`deliver: no user ${user}; addUser first`);
      const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false, disableAutoIdle: true });
      client.on('error', () => {});
      await client.connect();
      try {
        const appended = await client.append('INBOX', rawEmail);
        if (!appended || appended.uid === undefined) throw new Error(`deliver: the server did not store the message for ${user}`);
        return appended.uid;
      } finally {
        await client.logout().catch(() => client.close());
      }
    },
    async dropConnections() {
      await kill(childrenNamed(masterPid, ['imap', 'imap-login']));
    },
    async recreateInbox(user) {
      // no process may hold the old INBOX's index in memory and write it back
      await server.dropConnections();
      const maildir = join(dir, 'home', user, 'Maildir');
      if (!existsSync(maildir)) return;
      // The INBOX of a maildir is the Maildir folder itself. Its messages, UID list and indexes
      // go; dovecot-uidvalidity* stay, so the new INBOX gets a UIDVALIDITY above the old one
      // (rebuilt from nothing within the same second, it could get the same one).
      for (const entry of readdirSync(maildir)) {
        if (entry.startsWith('dovecot-uidvalidity')) continue;
        if (entry === 'cur' || entry === 'new' || entry === 'tmp') {
          for (const file of readdirSync(join(maildir, entry))) rmSync(join(maildir, entry, file), { force: true });
        } else if (entry.startsWith('dovecot')) {
          rmSync(join(maildir, entry), { recursive: true, force: true });
        }
      }
    },
    log,
    async stop() {
      // end of input: the shell stops Dovecot (SIGTERM, which ends its children too) and waits for it
      wrapper.stdin?.end();
      const timer = setTimeout(() => {
        killQuietly(masterPid);
        wrapper.kill('SIGKILL');
      }, 5_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
