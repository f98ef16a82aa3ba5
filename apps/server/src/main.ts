import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { tokenSecret } from './modules/auth/secret.ts';
import { createTokenService } from './modules/auth/token.ts';
import { seedDemo } from './seed/demo.ts';
import { startRealtime } from './modules/realtime/socket.ts';
import { installEventTriggers } from './modules/realtime/triggers.ts';

const config = readConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const db = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
const applied = await migrate(db);
if (applied.length > 0) console.log(`Migrações aplicadas: ${applied.join(', ')}`);
await installEventTriggers(db);
if (!config.production && (await seedDemo(db))) console.log('Dados de demonstração carregados.');

const tokens = createTokenService(await tokenSecret(db, config.jwtSecret), config.tokenTtlSeconds);
const app = await buildApp({ db, tokens, webDir: config.webDir, logger: process.env['LOG'] !== 'off' });
const realtime = await startRealtime(app.server, db, tokens);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: encerrando`);
  await realtime.close();
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
console.log(
  `Servidor em http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite em ${config.dataDir}`})`,
);
