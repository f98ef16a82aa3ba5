import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, readConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { tokenSecret } from './modules/auth/secret.ts';
import { createTokenService } from './modules/auth/token.ts';
import { seedDemo } from './seed/demo.ts';
import { createFirstOrganization } from './seed/first-organization.ts';
import { startRealtime } from './modules/realtime/socket.ts';
import { installEventTriggers } from './modules/realtime/triggers.ts';
import { createHash } from 'node:crypto';
import { sefazMode, setupFiscal } from './modules/fiscal/setup.ts';
import { setupBank } from './modules/bank/deps.ts';
import { startContingencySender } from './modules/fiscal/service.ts';
import { startPixWithdrawalSender } from './modules/bank/pix.ts';
import { fileStorage } from './storage/storage.ts';
import { warmUpSync } from './modules/sync/warm-up.ts';
import { gracefulStop, Lifecycle } from './http/lifecycle.ts';

function configOrExit(): Config {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuração inválida: ${error.message}`);
    process.exit(1);
  }
}

const config = configOrExit();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const db = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
const applied = await migrate(db);
if (applied.length > 0) console.log(`Migrações aplicadas: ${applied.join(', ')}`);
await installEventTriggers(db);
if (config.firstOrganization) {
  if (await createFirstOrganization(db, config.firstOrganization)) {
    console.log(`Organização ${config.firstOrganization.nome} criada: entre com ${config.firstOrganization.email}.`);
  }
} else if (!config.production && (await seedDemo(db))) {
  console.log('Dados de demonstração carregados.');
}

const secret = await tokenSecret(db, config.jwtSecret);
const tokens = createTokenService(secret, config.tokenTtlSeconds);
const fiscal = await setupFiscal({
  mode: sefazMode(process.env['SEFAZ_MODE']),
  timeoutMs: Number(process.env['SEFAZ_TIMEOUT_MS'] || 10_000),
  simulatorPort: Number(process.env['SEFAZ_SIMULATOR_PORT'] || 0),
  // Download links stay valid across restarts: their key derives from the token secret.
  linkSecret: createHash('sha256').update('fiscal-links:').update(secret).digest('hex'),
});
if (fiscal.simulator) console.log(`SEFAZ: simulador de homologação em ${fiscal.simulator.url} (SEFAZ_MODE=simulator)`);
// The file storage (local folder or S3) from the environment: incomplete S3 settings stop the start here.
console.log(`Arquivos: ${fileStorage().description}`);
// The bank (modules/bank/deps.ts): the FAKE bank on loopback outside production unless BANK_MODE says otherwise.
const bank = await setupBank(process.env, `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`);
if (bank.fake) console.log(`Banco: banco FAKE (simulado) em ${bank.fake.url} (BANK_MODE=fake)`);
const stopContingency = startContingencySender(db, fiscal.deps, Number(process.env['CONTINGENCIA_INTERVALO_MS'] || 15_000));
// PIX charges confirmed by hand whose withdrawal at the bank did not get an answer yet (modules/bank/pix.ts).
const stopPixWithdrawal = startPixWithdrawalSender(db, bank.deps, Number(process.env['PIX_REMOCAO_INTERVALO_MS'] || 60_000));
const lifecycle = new Lifecycle();
const app = await buildApp({
  db, tokens, webDir: config.webDir, logger: process.env['LOG'] !== 'off', fiscal: fiscal.deps, trustProxy: config.trustProxy, lifecycle, bank: bank.deps,
});
const realtime = await startRealtime(app.server, db, tokens);
// Before listening: the tills reconnecting after a restart ask sync/changed first, and a cold database answers it slowly.
await warmUpSync(db);

let stopping = false;
/** Graceful stop (http/lifecycle.ts): readiness 503, no new connections, requests in flight finish, then exit 0. */
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: encerrando (requisições em andamento terminam, até ${config.shutdownGraceMs / 1000} s)`);
  try {
    const { forced } = await gracefulStop({
      app, lifecycle, db, graceMs: config.shutdownGraceMs,
      closeSockets: () => realtime.close(),
      closeOthers: [stopContingency, stopPixWithdrawal, () => fiscal.close(), () => bank.close()],
      log: (message) => console.log(message),
    });
    console.log(forced ? 'Servidor encerrado (requisições interrompidas no limite).' : 'Servidor encerrado.');
    process.exit(0);
  } catch (error) {
    console.error('Falha ao encerrar:', error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
console.log(
  `Servidor em http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite em ${config.dataDir}`})`,
);
