// Bundles AbstractPlay's epam.ts (gameslib, MIT) into one JavaScript file
// for node, from the checkout named by ABSTRACTPLAY_GAMESLIB (its src/ is
// read in place; nothing of it is kept in arbiter's repository). Every
// npm package gameslib imports is replaced by an empty stub: the game's
// move generation and play use none of them (they serve its renderer,
// translations and other games), and a stub called at run time would fail
// the perft check of epam-peer.mjs rather than pass silently.
// Usage: ABSTRACTPLAY_GAMESLIB=/path/to/gameslib node build-epam.mjs
import { build } from 'esbuild';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';

const root = process.env.ABSTRACTPLAY_GAMESLIB;
if (!root) {
  console.error('build-epam.mjs: set ABSTRACTPLAY_GAMESLIB to a checkout of AbstractPlay/gameslib');
  process.exit(2);
}

// The names a file imports from `pkg`, read from its import lines, so that
// the stub can export each of them.
function importedNames(importer, pkg) {
  const src = readFileSync(importer, 'utf8');
  const names = new Set();
  const esc = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const re = new RegExp(`import\\s+(?:type\\s+)?([^;]*?)\\s+from\\s+["']${esc}["']`, 'g');
  for (const m of src.matchAll(re)) {
    const braces = m[1].match(/\{([^}]*)\}/);
    if (braces) {
      for (const part of braces[1].split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0].replace(/^type\s+/, '').trim();
        if (name) names.add(name);
      }
    }
  }
  return [...names];
}

const stubBarePackages = {
  name: 'stub-bare-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => ({
      path: `${args.path}?from=${args.importer}`,
      namespace: 'stub',
      pluginData: importedNames(args.importer, args.path),
    }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => {
      const names = args.pluginData ?? [];
      const lines = [
        'const stub = new Proxy(function () {}, { get: () => stub, apply: () => stub, construct: () => stub });',
        'export default stub;',
        ...names.map((n) => `export const ${n} = stub;`),
      ];
      return { contents: lines.join('\n'), loader: 'js' };
    });
  },
};

await build({
  entryPoints: [join(root, 'src/games/epam.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile: 'vendor/epam.cjs',
  plugins: [stubBarePackages],
  logLevel: 'warning',
});
console.log('wrote vendor/epam.cjs');
