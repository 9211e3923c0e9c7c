// ESLint rule enforcing DESIGN.md section 2's allowed imports:
//   contracts ← nothing of ours (only zod); detector ← nothing of ours, no node:*;
//   server and web ← contracts, detector; tools ← detector, contracts (and the server for benches);
//   in apps/web a feature never imports another feature.
import { dirname, resolve, relative, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');

const NODE_BUILTINS = /^(node:|fs$|path$|os$|child_process$|http$|https$|net$|crypto$|url$|stream$|zlib$|dns$|tls$|worker_threads$)/;

const allowedWorkspaces = {
  'packages/contracts': [],
  'packages/detector': [],
  'apps/server': ['contracts', 'detector'],
  'apps/web': ['contracts', 'detector'],
  tools: ['contracts', 'detector', 'server'],
};

function workspaceOf(file) {
  const rel = relative(root, file).split(sep).join('/');
  return Object.keys(allowedWorkspaces).find((ws) => rel === ws || rel.startsWith(`${ws}/`)) ?? null;
}

function featureOf(file) {
  const rel = relative(root, file).split(sep).join('/');
  const m = /^apps\/web\/src\/features\/([^/]+)\//.exec(rel);
  return m ? m[1] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], messages: { denied: '{{why}}' } },
  create(context) {
    const file = context.filename;
    const ws = workspaceOf(file);
    if (!ws) return {};
    const ownFeature = featureOf(file);
    function check(node, source) {
      if (typeof source !== 'string') return;
      const ours = /^@baitcheck\/([^/]+)/.exec(source);
      if (ours) {
        if (!allowedWorkspaces[ws].includes(ours[1])) {
          context.report({ node, messageId: 'denied', data: { why: `${ws} may not import @baitcheck/${ours[1]} (DESIGN.md section 2).` } });
        }
        return;
      }
      if ((ws === 'packages/detector' || ws === 'packages/contracts') && NODE_BUILTINS.test(source)) {
        context.report({ node, messageId: 'denied', data: { why: `${ws} is pure: no Node.js built-ins (${source}).` } });
        return;
      }
      const isTest = /\.test\.tsx?$/.test(file);
      const allowedBare = source === 'zod' || source.startsWith('zod/') || (isTest && source === 'vitest');
      if (ws === 'packages/contracts' && !source.startsWith('.') && !allowedBare) {
        context.report({ node, messageId: 'denied', data: { why: `contracts imports nothing but zod (${source}).` } });
        return;
      }
      if (ownFeature && source.startsWith('.')) {
        const target = featureOf(resolve(dirname(file), source) + '/x');
        if (target && target !== ownFeature) {
          context.report({ node, messageId: 'denied', data: { why: `feature "${ownFeature}" may not import feature "${target}": move the shared piece to components/ or lib/.` } });
        }
      }
      if (source.startsWith('.')) {
        const targetWs = workspaceOf(resolve(dirname(file), source));
        if (targetWs && targetWs !== ws) {
          context.report({ node, messageId: 'denied', data: { why: `reach ${targetWs} through its package name, not a relative path.` } });
        }
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { imports: rule } };
