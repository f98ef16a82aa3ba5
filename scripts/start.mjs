// `npm start`: builds the web app when its build is missing or older than its sources, then runs the server
// (apps/server/src/main.ts) through tsx, forwarding SIGINT/SIGTERM and exiting with the server's code.
//
//   node scripts/start.mjs [server args...]
//   node scripts/start.mjs --build-only     only the build step (used by scripts/e2e.sh)
//
// Plain JavaScript for Node 20: it runs before anything is compiled.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as osConstants } from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'apps/web/dist/index.html');

/** Everything the web build is made from; a change to any of them makes the build stale. */
function buildInputs() {
  const inputs = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
  ].map((p) => join(root, p));
  const packagesDir = join(root, 'packages');
  if (existsSync(packagesDir)) {
    for (const entry of readdirSync(packagesDir, { withFileTypes: true })) {
      if (entry.isDirectory()) inputs.push(join(packagesDir, entry.name, 'src'));
    }
  }
  return inputs;
}

/** Newest modification time (ms) of a file, or of any file below a directory; 0 when it does not exist. */
function newestMtime(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Why the web app must be (re)built, or null when dist/ is up to date. */
function staleReason() {
  if (!existsSync(builtIndex)) return 'apps/web/dist/index.html is missing';
  const builtAt = statSync(builtIndex).mtimeMs;
  const changedAt = Math.max(...buildInputs().map(newestMtime));
  return changedAt > builtAt ? 'sources changed since the last build' : null;
}

function npm(args) {
  // Under `npm start`, npm_execpath is npm's own CLI: run it with this node (no shell, works on every OS).
  const npmCli = process.env.npm_execpath;
  const [cmd, cmdArgs] =
    npmCli && /npm-cli\.c?js$/.test(npmCli) ? [process.execPath, [npmCli, ...args]] : ['npm', args];
  return spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', shell: cmd === 'npm' && process.platform === 'win32' });
}

function ensureWebBuild() {
  const reason = staleReason();
  if (reason === null) return;
  console.log(`[start] building the web app (${reason})`);
  const result = npm(['run', 'build', '-w', 'apps/web']);
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`[start] web build failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

function runServer(args) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  const forward = (signal) => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));

  server.on('error', (error) => {
    console.error('[start] could not start the server:', error);
    process.exit(1);
  });
  server.on('exit', (code, signal) => {
    if (code !== null) process.exit(code);
    // Killed by a signal: exit as a shell would report it (128 + signal number).
    process.exit(128 + (osConstants.signals[signal] ?? 0));
  });
}

const args = process.argv.slice(2);
if (args[0] === '--build-only') {
  ensureWebBuild();
} else {
  ensureWebBuild();
  runServer(args);
}
