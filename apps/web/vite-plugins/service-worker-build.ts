import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** What public/sw.js holds in place of the build's description until the build fills it in. */
export const BUILD_MARKER = '/* @baitcheck-build */ null';

/** What the service worker is told of its build (public/sw.js reads it as `BUILD`). */
export interface ServiceWorkerBuild {
  /** Changes whenever any file of the build does: names this build's cache. */
  version: string;
  /** The app shell, kept at install: index.html and every file of ours it loads (the first screen). */
  shell: string[];
  /**
   * Every other file the build wrote (`/assets/…`, hashed, and e.g. `/ocr/…`): kept once fetched.
   * Those under `/assets/` keep their name only while their bytes stay the same, so a new version
   * may take them over from the old one's cache.
   */
  files: string[];
}

// a root-relative src or href (not a protocol-relative //host one)
const LOCAL_REFERENCE = /\s(?:src|href)="(\/[^"/][^"]*)"/g;

/** index.html and the files of ours it references: the entry script, its preloads, the styles, the icons, the manifest. */
export function shellOf(html: string): string[] {
  const paths = new Set(['/index.html']);
  for (const match of html.matchAll(LOCAL_REFERENCE)) paths.add(match[1]!.split(/[?#]/)[0]!);
  return [...paths];
}

/** Whether a built file's name changes with its bytes (Vite's hashed `/assets/`). */
export const isHashed = (path: string) => path.startsWith('/assets/');

/**
 * The build's description: `files` are the build's own files (by path: `/assets/x.js`), `read`
 * gives one's bytes. The version hashes the bytes of every file whose name does not change with
 * them (index.html, the favicon, the manifest, `/ocr/…`) and the names of the others.
 */
export function describeBuild(html: string, files: readonly string[], read: (path: string) => Buffer | string): ServiceWorkerBuild {
  const shell = shellOf(html);
  const others = [...new Set(files)].filter((path) => !shell.includes(path)).sort();
  const hash = createHash('sha256');
  for (const path of [...shell, ...others].sort()) {
    hash.update(`${path}\0`);
    if (!isHashed(path)) hash.update(read(path)).update('\0');
  }
  return { version: hash.digest('hex').slice(0, 16), shell, files: others };
}

/** public/sw.js with its build filled in; throws when the marker is gone (the worker would cache nothing). */
export function injectBuild(source: string, build: ServiceWorkerBuild): string {
  if (!source.includes(BUILD_MARKER)) throw new Error(`sw.js no longer holds ${BUILD_MARKER}: the build cannot tell the service worker what to keep`);
  return source.replace(BUILD_MARKER, () => JSON.stringify(build));
}

/**
 * At the end of the build, tells the service worker (the sw.js copied from public/) its app shell,
 * the build's other files and a version. The worker's bytes thus change with every deploy that
 * changes the app, which is what makes browsers install the new one (README, "Install Baitcheck
 * on a phone").
 */
export function serviceWorkerBuild(): Plugin {
  let outDir = '';
  let publicDir = '';
  let base = '/';
  return {
    name: 'baitcheck-service-worker-build',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
      base = config.base;
    },
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      // from public/ each time (the copy in the build may be filled in already: `vite build --watch`)
      const source = join(publicDir, 'sw.js');
      if (!publicDir || !existsSync(source)) return;
      if (base !== '/') {
        this.warn(`base is ${base}, not /: the service worker is left without an app shell (it caches nothing)`);
        return;
      }
      const file = (path: string) => {
        const full = join(dir, path);
        if (!existsSync(full)) throw new Error(`${path} is missing from the build`);
        return readFileSync(full);
      };
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const files = Object.keys(bundle)
        .filter((name) => name !== 'index.html')
        .map((name) => `/${name}`);
      const build = describeBuild(html, files, file);
      writeFileSync(join(dir, 'sw.js'), injectBuild(readFileSync(source, 'utf8'), build));
    },
  };
}
