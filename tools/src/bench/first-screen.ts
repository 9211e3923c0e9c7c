import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './server-process.ts';

/** One script the first screen loads, with its sizes in bytes. */
export interface ScriptSize {
  path: string;
  bytes: number;
  gzipBytes: number;
}

/** What the first screen loads before it can draw. */
export interface FirstScreen {
  scripts: ScriptSize[];
  totalGzipBytes: number;
}

/** The entry module scripts and modulepreloads named by a built index.html, in order. */
export function findFirstScreenScripts(html: string): string[] {
  const paths: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const isModuleScript = /^<script/i.test(tag) && attr('type') === 'module' && attr('src');
    const isPreload = /^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href');
    const path = isModuleScript ? attr('src') : isPreload ? attr('href') : undefined;
    if (path && !paths.includes(path)) paths.push(path);
  }
  return paths;
}

/**
 * Gzipped size (zlib default level, what servers and CDNs typically use) of the entry script
 * and its modulepreloads in `apps/web/dist/index.html`, building the web app first if needed.
 */
export function measureFirstScreen(distDir = join(REPO_ROOT, 'apps/web/dist')): FirstScreen {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    // Build output goes to stderr so that `--json` output on stdout stays parseable.
    execFileSync('npm', ['run', 'build', '-w', '@baitcheck/web'], { cwd: REPO_ROOT, stdio: ['ignore', process.stderr, 'inherit'] });
  }
  const html = readFileSync(indexPath, 'utf8');
  const scripts = findFirstScreenScripts(html).map((src) => {
    const content = readFileSync(join(distDir, src.replace(/^\//, '')));
    return { path: src, bytes: content.length, gzipBytes: gzipSync(content).length };
  });
  if (scripts.length === 0) throw new Error(`no entry script found in ${indexPath}`);
  return { scripts, totalGzipBytes: scripts.reduce((n, s) => n + s.gzipBytes, 0) };
}
