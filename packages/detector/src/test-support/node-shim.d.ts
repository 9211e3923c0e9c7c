/**
 * The few Node APIs the structural test (`engine-shape.test.ts`) reads source files with. The
 * engine's tsconfig loads no Node types (it must run in a browser), so only these modules are
 * declared, and no Node globals; engine code importing them is refused by that test.
 */
declare module 'node:fs' {
  export function readdirSync(path: string): string[];
  export function readFileSync(path: string, encoding: 'utf8'): string;
  export function statSync(path: string): { isDirectory(): boolean };
}
declare module 'node:path' {
  export function basename(path: string, suffix?: string): string;
  export function dirname(path: string): string;
  export function join(...paths: string[]): string;
  export function relative(from: string, to: string): string;
}
declare module 'node:url' {
  export function fileURLToPath(url: string): string;
}
interface ImportMeta {
  readonly url: string;
}
