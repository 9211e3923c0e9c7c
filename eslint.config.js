import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint/boundaries.js';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/drizzle/meta/**', 'apps/web/e2e/screenshots/**', 'test-results/**', 'playwright-report/**', 'apps/web/android/**', 'apps/web/ios/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { boundaries },
    rules: {
      'boundaries/imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // One pattern that backtracks exponentially on a message is one request that stops the server
    // for everyone (the masked-number pattern did): no regex of product code may backtrack super-linearly.
    files: ['packages/*/src/**/*.ts', 'apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**'],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error' },
  },
  {
    // A lazy component whose chunk failed to load stays failed with React.lazy: lazyWithRetry loads
    // it again (and the error boundary shows the failure in place of the page, not an empty app)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/chunk-load.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react', importNames: ['lazy'], message: 'Use lazyWithRetry from @/lib/chunk-load, inside an ErrorBoundary.' }] },
      ],
    },
  },
  {
    // The engine reads no clock and does no I/O: it must run unchanged in a browser worker.
    files: ['packages/detector/src/**/*.ts'],
    ignores: ['packages/detector/src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', 'fetch', 'performance', 'process', 'window', 'document', 'localStorage', 'XMLHttpRequest', 'setTimeout', 'setInterval'],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: 'The engine reads no clock: take the time as an option.' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'The engine reads no clock: take the time as an option.' },
        { selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: 'The engine is deterministic.' },
      ],
    },
  },
);
