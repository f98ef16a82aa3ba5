// `npm run build:server`: the server bundled to JavaScript by esbuild in apps/server/dist, for production
// (`node apps/server/dist/main.js`, no TypeScript loader). docs/deployment.md describes the result.
//
//   main.js            apps/server/src/main.ts with the workspace packages (@pdv/*, TypeScript sources) inlined
//   render-worker.js   the PDF render workers' entry (apps/server/src/pdf/render-worker.ts); render-pool.ts starts
//                      `render-worker.js` beside its own module when it runs compiled
//   xmllint-worker.cjs the schema validation worker (packages/fiscal/src/xmllint-worker.cjs); schema-worker.ts
//                      starts it beside its own module
//   schemas/           the official XSDs (packages/fiscal/schemas), read by validate.ts beside its module when compiled
//
// Third-party packages stay external, loaded from node_modules at run time (`npm ci --omit=dev`): argon2 is a native
// addon, PGlite and xmllint-wasm load WebAssembly and data files by path; the rest would bundle, but production has
// node_modules anyway and the packages run exactly as they do under tsx and vitest. Except pdfmake, inlined in
// render-worker.js: packages/documents imports its browser build by an extensionless subpath
// ('pdfmake/build/pdfmake'), which Node's ESM resolver does not complete (tsx and Vite do); its fonts are in
// vfs_fonts.js, so nothing is read from disk. The build fails when an external package is not a declared dependency of
// a workspace (it would be missing in production), when a workspace import is left external, or when an external
// import does not resolve from the output folder the way Node will resolve it at run time.
//
//   node scripts/build-server.mjs [--outdir DIR]   DIR must lie inside the repository, so that node_modules resolve
//
// Plain JavaScript for Node 20, like start.mjs.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const defaultOutdir = join(root, 'apps/server/dist');

/** Runtime dependencies declared by the root and the workspaces (what `npm ci --omit=dev` installs). */
function declaredDependencies() {
  const names = new Set();
  const manifests = [join(root, 'package.json')];
  for (const group of ['apps', 'packages']) {
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      if (entry.isDirectory()) manifests.push(join(root, group, entry.name, 'package.json'));
    }
  }
  for (const file of manifests) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    for (const name of Object.keys(manifest.dependencies ?? {})) names.add(name);
  }
  return names;
}

/** 'pdfmake/build/pdfmake' -> 'pdfmake', '@fastify/static' -> '@fastify/static'. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const builtins = new Set(builtinModules);
/** Third-party packages bundled rather than left external (see above). */
const INLINED = new Set(['pdfmake']);

/** Bare imports stay external except the workspace packages (TypeScript sources) and INLINED, which are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@pdv/') || INLINED.has(packageName(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Resolves each specifier as Node's ESM loader will from a module in `dir`; answers the ones that fail. */
function unresolved(dir, specifiers) {
  const probe = join(dir, '.resolve-check.mjs');
  // import.meta.resolve finds the package but does not check that a subpath's file exists: existsSync does.
  writeFileSync(probe, `import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const failed = [];
for (const s of ${JSON.stringify(specifiers)}) {
  try {
    const url = import.meta.resolve(s);
    if (url.startsWith('file:') && !existsSync(fileURLToPath(url))) failed.push(s);
  } catch {
    failed.push(s);
  }
}
process.stdout.write(JSON.stringify(failed));\n`);
  try {
    const result = spawnSync(process.execPath, [probe], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`resolve check failed: ${result.stderr}`);
    return JSON.parse(result.stdout);
  } finally {
    rmSync(probe, { force: true });
  }
}

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
  legalComments: 'none',
};

export async function buildServer(outdir = defaultOutdir) {
  const started = Date.now();
  rmSync(outdir, { recursive: true, force: true });
  const esm = await build({
    ...common,
    outdir,
    format: 'esm',
    entryPoints: {
      main: join(root, 'apps/server/src/main.ts'),
      'render-worker': join(root, 'apps/server/src/pdf/render-worker.ts'),
    },
    plugins: [externalPackages],
  });
  const cjs = await build({
    ...common,
    outdir,
    format: 'cjs',
    entryPoints: { 'xmllint-worker': join(root, 'packages/fiscal/src/xmllint-worker.cjs') },
    outExtension: { '.js': '.cjs' },
    plugins: [externalPackages],
  });
  cpSync(join(root, 'packages/fiscal/schemas'), join(outdir, 'schemas'), { recursive: true });

  const declared = declaredDependencies();
  const problems = [];
  const esmExternals = new Set();
  for (const [meta, format] of [[esm.metafile, 'esm'], [cjs.metafile, 'cjs']]) {
    for (const output of Object.values(meta.outputs)) {
      for (const imported of output.imports) {
        if (!imported.external) continue;
        const spec = imported.path.replace(/^node:/, '');
        if (builtins.has(spec) || builtins.has(spec.split('/')[0])) continue;
        const name = packageName(imported.path);
        if (name.startsWith('@pdv/')) problems.push(`${imported.path}: a workspace package left external`);
        else if (!declared.has(name)) problems.push(`${imported.path}: not a dependency of any workspace (missing in production)`);
        else if (format === 'esm') esmExternals.add(imported.path);
      }
    }
  }
  for (const spec of unresolved(outdir, [...esmExternals])) problems.push(`${spec}: does not resolve from ${relative(root, outdir)}`);
  if (problems.length > 0) throw new Error(`server bundle:\n  ${[...new Set(problems)].join('\n  ')}`);
  return { outdir, ms: Date.now() - started };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const at = process.argv.indexOf('--outdir');
  const outdir = at >= 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : defaultOutdir;
  const { ms } = await buildServer(outdir);
  console.log(`[build:server] ${relative(root, outdir)} in ${ms} ms`);
}
