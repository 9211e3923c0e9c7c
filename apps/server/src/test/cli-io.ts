import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { CliIo } from '../cli/cli-kit.ts';

/** A {@link CliIo} that keeps what a command says, line by line. */
export function capture(): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

/** A port nothing listens on: one a server just gave back. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}
