/**
 * Vite's `import.meta.glob`, which Vitest provides: the structural test (`engine-shape.test.ts`)
 * reads the engine's sources with it, since the engine, tests included, imports no Node built-ins.
 */
interface ImportMeta {
  glob<T = unknown>(pattern: string | readonly string[], options: { query?: string; import?: string; eager: true }): Record<string, T>;
}
