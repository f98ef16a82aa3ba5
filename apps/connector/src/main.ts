/**
 * `npm run connector`: the shop's local connector on this machine (docs/connector.md: install as a systemd unit or a
 * Windows service). Reads the device's configuration (CONNECTOR_CONFIG), listens on its address and port, prints a
 * "pronto" line with the port, and stops on SIGTERM / SIGINT after the jobs in flight.
 */
import { loadConfig } from './config.ts';
import { createConnector, jsonLogger, listen } from './server.ts';

const config = loadConfig();
const server = createConnector(config);
const port = await listen(server, config);
jsonLogger({ evento: 'pronto', endereco: config.endereco, porta: port, dispositivo: config.dispositivo ?? null, perifericos: config.perifericos.length });

const stop = () => {
  jsonLogger({ evento: 'parando' });
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
