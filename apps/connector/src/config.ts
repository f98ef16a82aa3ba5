/**
 * The connector's configuration: one JSON file per device (002 §3 Device: the machine's id_dispositivo, the address
 * and port the web app calls, endereco and porta_connect) listing the peripherals plugged into it and how each is
 * reached. Its path is CONNECTOR_CONFIG; CONNECTOR_PORT and CONNECTOR_HOST override the port and address (a test or
 * a second connector on one machine). docs/connector.md shows a whole file.
 *
 *   { "dispositivo": 1, "endereco": "127.0.0.1", "porta_connect": 9201, "origens": ["http://pdv.loja:3000"],
 *     "perifericos": [
 *       { "id_periferico": 3, "driver": "tcp", "host": "192.168.0.50", "porta": 9100 },
 *       { "id_periferico": 4, "driver": "cups", "fila": "HP_LaserJet" },
 *       { "id_periferico": 5, "driver": "spool", "pasta": "/var/spool/pdv" },
 *       { "id_periferico": 6, "driver": "serial", "porta": "/dev/ttyUSB0", "velocidade": 9600 } ] }
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PRINT_TIMEOUT_MS } from '@pdv/domain/print-connector';

/**
 * How an ESC/POS receipt printer prints (a switch per printer): `texto` (the default) prints the receipt's text in its
 * own font; `raster` prints the PDFs it receives (tipo_impressao 'pdf', or a 'comprovante' whose data is a PDF) as an
 * image, GS v 0, `largura_pontos` dots wide (576 for 80 mm paper, 384 for 58 mm). raster.ts.
 */
const escposMode = {
  modo: z.enum(['texto', 'raster']).default('texto'),
  largura_pontos: z.number().int().min(8).max(2048).default(576),
};

const tcp = z.object({
  ...escposMode,
  id_periferico: z.number().int().positive(),
  driver: z.literal('tcp'),
  host: z.string().min(1),
  porta: z.number().int().min(1).max(65535).default(9100),
});
const cups = z.object({
  ...escposMode,
  id_periferico: z.number().int().positive(),
  driver: z.literal('cups'),
  /** The CUPS queue (002 §3 nome_impressora); absent: the default queue. */
  fila: z.string().min(1).optional(),
});
const spool = z.object({
  ...escposMode,
  id_periferico: z.number().int().positive(),
  driver: z.literal('spool'),
  /** A folder another program (or a shared printer) takes files from. */
  pasta: z.string().min(1),
});

const serial = z.object({
  ...escposMode,
  id_periferico: z.number().int().positive(),
  driver: z.literal('serial'),
  /** 002 §3 porta_serial: /dev/ttyUSB0, /dev/ttyS0, COM3... */
  porta: z.string().min(1),
  /** 002 §3 bits per second. */
  velocidade: z.number().int().positive().default(9600),
  bits_dados: z.union([z.literal(5), z.literal(6), z.literal(7), z.literal(8)]).default(8),
  bits_parada: z.enum(['1', '1.5', '2']).default('1'),
  paridade: z.enum(['Nenhuma', 'Par', 'Impar', 'Marca', 'Espaco']).default('Nenhuma'),
});

/** A peripheral whose driver is unknown is kept (it answers 'Não foi possível localizar o tipo da impressora.'). */
const unknownDriver = z.object({ id_periferico: z.number().int().positive(), driver: z.string().optional() }).loose();

export const peripheralConfig = z.union([tcp, cups, spool, serial]);
export type PeripheralConfig = z.infer<typeof peripheralConfig>;

/** The shop's TEF client (001 §7 Card capture): the SiTef agent (AgenteCliSiTef) or the FAKE terminal for tests. */
const tefSitef = z.object({
  driver: z.literal('sitef'),
  url: z.string().min(1),
  sitef_ip: z.string().min(1),
  empresa: z.string().min(1),
  terminal: z.string().min(1),
  operador: z.string().optional(),
  parametros_adicionais: z.string().optional(),
});
const tefSimulator = z.object({ driver: z.literal('simulador'), passo_ms: z.number().int().min(0).max(10_000).default(150) });

/** The VERO integration: its host (forwarding the spec's calls) or the FAKE simulator. */
const veroHttp = z.object({ driver: z.literal('http'), url: z.string().min(1), token: z.string().optional() });
const veroSimulator = z.object({ driver: z.literal('simulador') });

/**
 * The SAT (CF-e) plugged into this device (001 §7 Local fiscal device): the FAKE emulator of sat-library.ts, or a
 * vendor's library through its bridge program (`comando`, then `argumentos`, the function and its arguments).
 */
const satCommon = {
  /** The SAT peripheral's id_periferico (002 §3, kind Sat). */
  id_periferico: z.number().int().positive(),
  /** The SAT's activation code, set when it was activated. */
  codigo_ativacao: z.string().min(6).max(32),
  /** The branch's signAC, used when the request carries none. */
  assinatura_ac: z.string().min(1).max(344).optional(),
};
const satEmulator = z.object({
  ...satCommon,
  driver: z.literal('emulador'),
  cnpj: z.string().regex(/^\d{14}$/),
  ie: z.string().min(2).max(14),
  razao_social: z.string().min(1).max(60),
  nome_fantasia: z.string().min(1).max(60).optional(),
  endereco: z.object({ xLgr: z.string().min(2), nro: z.string().optional(), xBairro: z.string().min(2), xMun: z.string().min(2), CEP: z.string().regex(/^\d{8}$/) }),
  regime: z.union([z.literal(1), z.literal(3)]).default(1),
  numero_serie: z.string().regex(/^\d{9}$/).default('900004019'),
  cuf: z.string().regex(/^\d{2}$/).default('35'),
  ambiente: z.union([z.literal(1), z.literal(2)]).default(2),
  cnpj_software_house: z.string().regex(/^\d{14}$/).optional(),
  /** The code the emulated SAT was activated with (absent: codigo_ativacao). */
  codigo_ativacao_sat: z.string().min(6).max(32).optional(),
});
const satBridge = z.object({ ...satCommon, driver: z.literal('biblioteca'), comando: z.string().min(1), argumentos: z.array(z.string()).default([]) });

export const connectorConfig = z.object({
  /** id_dispositivo of this machine (002 §3 Device); absent: any dispositivo is served. */
  dispositivo: z.number().int().positive().optional(),
  endereco: z.string().min(1).default('127.0.0.1'),
  porta_connect: z.number().int().min(0).max(65535).default(9201),
  /** Origins of the web app allowed to call (CORS); absent or ["*"]: any origin. */
  origens: z.array(z.string().min(1)).default(['*']),
  /** Time-out of one job, in milliseconds (000 §9: 30 s). */
  tempo_limite_ms: z.number().int().positive().default(PRINT_TIMEOUT_MS),
  /** How long the checkout scale has to answer, in milliseconds. */
  tempo_limite_balanca_ms: z.number().int().positive().default(3000),
  /** The lp program CUPS jobs go through. */
  lp: z.string().min(1).default('lp'),
  perifericos: z.array(z.union([peripheralConfig, unknownDriver])).default([]),
  /** The card driver's TEF client; absent: the TEF routes answer 'Não foi possível realizar a transação TEF'. */
  tef: z.union([tefSitef, tefSimulator]).optional(),
  /** 001 §9: the TEF time-out, 180 s. */
  tempo_limite_tef_ms: z.number().int().positive().default(180_000),
  vero: z.union([veroHttp, veroSimulator]).optional(),
  /** The SAT; absent: /sat/envio and /sat/cancelamento answer 99999. */
  sat: z.union([satEmulator, satBridge]).optional(),
  /** How long the SAT has to answer one call (the ER's functions answer within seconds; 30 s as printing). */
  tempo_limite_sat_ms: z.number().int().positive().default(PRINT_TIMEOUT_MS),
  /**
   * NFC-e offline (issue 29): the branch's A1 certificate (a .pfx file on this machine and its password) and CSC,
   * installed by the manager; never sent to the browser. Absent: POST /nfce/contingencia refuses.
   */
  nfce: z.object({
    certificado: z.string().min(1),
    senha: z.string(),
    id_csc: z.string().min(1),
    csc: z.string().min(1),
  }).optional(),
});
export type ConnectorConfig = z.infer<typeof connectorConfig>;

export function isDriverConfig(p: ConnectorConfig['perifericos'][number]): p is PeripheralConfig {
  return peripheralConfig.safeParse(p).success;
}

/** The configuration file named by CONNECTOR_CONFIG (none: no peripherals), with the environment's overrides. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ConnectorConfig {
  const path = env['CONNECTOR_CONFIG'];
  const raw: unknown = path ? JSON.parse(readFileSync(path, 'utf8')) : {};
  const config = connectorConfig.parse(raw);
  if (env['CONNECTOR_PORT']) config.porta_connect = Number(env['CONNECTOR_PORT']);
  if (env['CONNECTOR_HOST']) config.endereco = env['CONNECTOR_HOST'];
  return config;
}
