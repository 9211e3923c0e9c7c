import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ENGINE_INPUTS } from './engine.ts';
import { REPO_ROOT, startServerProcess } from './server-process.ts';

/** The engine on the device (issue 20): its worker as the web build ships it, run in Chromium. */
export interface OnDeviceFigures {
  workerBytes: number;
  workerGzipBytes: number;
  /** New Worker to the first answer (download from the local server, parse, the engine's set-up, one scan), median of the runs, ms. */
  loadAndFirstScanMs: number;
  /** One scan with the engine loaded, median over the inputs, ms. */
  scanMedianMs: number;
  scanP95Ms: number;
  runs: number;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Run in the page: fresh workers timed to their first verdict, then each input timed on the last one. */
const IN_PAGE = `async ({ url, inputs, runs }) => {
  const ask = (w, seq, input) => new Promise((resolve, reject) => {
    w.onmessage = (e) => (e.data.ok ? resolve() : reject(new Error(e.data.error)));
    w.postMessage({ seq, input, blockedSenders: [], now: new Date().toISOString() });
  });
  const loads = [];
  const scans = [];
  for (let r = 0; r < runs; r += 1) {
    const started = performance.now();
    const w = new Worker(url + '?run=' + r, { type: 'module' });
    await ask(w, 0, inputs[0]);
    loads.push(performance.now() - started);
    if (r === runs - 1) {
      for (let i = 0; i < inputs.length; i += 1) {
        const t = performance.now();
        await ask(w, i + 1, inputs[i]);
        scans.push(performance.now() - t);
      }
    }
    w.terminate();
  }
  return { loads, scans };
}`;

/** Runs the built engine worker in headless Chromium against the real server; null without Chromium or a build. */
export async function measureOnDevice(distDir = join(REPO_ROOT, 'apps/web/dist'), runs = 5): Promise<OnDeviceFigures | null> {
  const assets = join(distDir, 'assets');
  const name = existsSync(assets) ? readdirSync(assets).find((f) => /^engine\.worker-.*\.js$/.test(f)) : undefined;
  if (!name || !existsSync(CHROMIUM)) return null;
  const code = readFileSync(join(assets, name));
  const { chromium } = await import('@playwright/test');
  const dataDir = mkdtempSync(join(tmpdir(), 'baitcheck-bench-device-'));
  const server = await startServerProcess({ dataDir, logLevel: 'warn' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/`);
    const inputs = [...ENGINE_INPUTS.sms, ...ENGINE_INPUTS.email, ...ENGINE_INPUTS.url].map((i) => ({ kind: i.kind, content: i.content, sender: i.sender ?? '', source: i.source ?? 'manual' }));
    // a script as text: the page runs it as written (tsx would add helpers the page has not got)
    const result = (await page.evaluate(`(${IN_PAGE})(${JSON.stringify({ url: `/assets/${name}`, inputs, runs })})`)) as { loads: number[]; scans: number[] };
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const at = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
    const round = (x: number) => Math.round(x * 10) / 10;
    return {
      workerBytes: code.length,
      workerGzipBytes: gzipSync(code).length,
      loadAndFirstScanMs: round(at(result.loads, 0.5)),
      scanMedianMs: round(at(result.scans, 0.5)),
      scanP95Ms: round(at(result.scans, 0.95)),
      runs,
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
