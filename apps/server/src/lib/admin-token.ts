import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** Where the running server keeps its admin token: only the machine's own user can read it. */
export function adminTokenPath(dataDir: string): string {
  return join(dataDir, 'admin-token');
}

/**
 * Writes the admin token at `path` (mode 0600, replaced atomically) and returns it: `token` when
 * given (`ADMIN_TOKEN`, shared by every instance), else a new random one. The server writes one at
 * each start; tools on the same machine (`npm run feeds:import`) read it to ask the running
 * server, which alone may open an embedded database.
 */
export function writeAdminToken(path: string, token: string = randomBytes(32).toString('base64url')): string {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${token}\n`, { mode: 0o600 });
  renameSync(temp, path);
  return token;
}

/** The admin token at `path`, or null when there is none (no server has started with this data folder). */
export function readAdminToken(path: string): string | null {
  try {
    const token = readFileSync(path, 'utf8').trim();
    return token.length > 0 ? token : null;
  } catch {
    return null;
  }
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/**
 * Refuses (403 ADMIN_ONLY) a request that is not the administrator's: it must come straight from
 * this machine (the socket's peer, not what a proxy says; a proxied request carries Forwarded
 * headers and is refused even from loopback) and carry `Authorization: Bearer <token>`.
 */
export function requireAdmin(request: FastifyRequest, token: string | undefined): void {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const ok =
    token !== undefined &&
    given !== undefined &&
    !forwarded &&
    isLoopback(request.socket.remoteAddress) &&
    given.length === token.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(token));
  if (!ok) throw new AppError('ADMIN_ONLY');
}
