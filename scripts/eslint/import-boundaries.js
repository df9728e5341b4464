import path from 'node:path';

/**
 * Enforces the import direction of architecture.md: domain ← contract ← apps; web and server never import
 * each other; a web feature never imports another feature (pages and app compose them).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function layerOf(file) {
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  if (relative.startsWith('packages/domain/')) return { layer: 'domain' };
  if (relative.startsWith('packages/contract/')) return { layer: 'contract' };
  if (relative.startsWith('apps/server/')) return { layer: 'server' };
  const feature = /^apps\/web\/src\/features\/([^/]+)\//.exec(relative);
  if (feature) return { layer: 'web', feature: feature[1] };
  const shared = /^apps\/web\/src\/shared\//.test(relative);
  if (shared) return { layer: 'web', shared: true };
  if (relative.startsWith('apps/web/')) return { layer: 'web' };
  return { layer: 'other' };
}

function targetOf(source, file) {
  if (source === '@piranha/domain' || source.startsWith('@piranha/domain/')) return { layer: 'domain' };
  if (source === '@piranha/contract' || source.startsWith('@piranha/contract/')) return { layer: 'contract' };
  if (source.startsWith('@piranha/server')) return { layer: 'server' };
  if (source.startsWith('@piranha/web')) return { layer: 'web' };
  if (source.startsWith('.')) return layerOf(path.resolve(path.dirname(file), source));
  return undefined;
}

const ALLOWED = {
  domain: ['domain'],
  contract: ['domain', 'contract'],
  server: ['domain', 'contract', 'server'],
  web: ['domain', 'contract', 'web'],
};

export const importBoundaries = {
  meta: { type: 'problem', docs: { description: 'Keep imports flowing domain ← contract ← apps; features never import features' }, schema: [] },
  create(context) {
    const from = layerOf(context.filename);
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const to = targetOf(source, context.filename);
      if (!to || !ALLOWED[from.layer]) return;
      if (!ALLOWED[from.layer].includes(to.layer)) {
        context.report({ node, message: `${from.layer} must not import ${to.layer} (${source})` });
        return;
      }
      if (from.layer === 'web' && to.feature && from.feature && to.feature !== from.feature) {
        context.report({ node, message: `feature "${from.feature}" must not import feature "${to.feature}"; compose them in a page` });
      }
      if (from.layer === 'web' && from.shared && to.feature) {
        context.report({ node, message: `shared code must not import feature "${to.feature}"` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
