// SefazClient against a scripted HTTPS server: what it does with answers the simulator does not give on its own
// (cStat 656, HTTP 500 with a SOAP fault, HTTP 403).

import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCertificate } from '../certificate.ts';
import { createTestCertificate } from '../testing/test-certificate.ts';
import { SefazClient } from './client.ts';
import { SefazProtocolError, SefazSoapFaultError, SefazUnavailableError } from './errors.ts';
import { createSimulatorTlsMaterial } from './simulator-tls.ts';
import { buildSoapFault, buildSoapResponse, NFE_NS } from './soap.ts';

let server: https.Server;
let url: string;
let caCertPem: string;
let requests = 0;
let pfx: Buffer;
let certificate: ReturnType<typeof loadCertificate>;
/** What the server answers next: status and body. */
let script: () => { status: number; body: string } = () => ({ status: 200, body: '' });

const statusAnswer = (cStat: number, xMotivo: string) =>
  buildSoapResponse(
    'NFeStatusServico4',
    `<retConsStatServ xmlns="${NFE_NS}" versao="4.00"><tpAmb>2</tpAmb><verAplic>TESTE</verAplic><cStat>${cStat}</cStat>` +
      `<xMotivo>${xMotivo}</xMotivo><cUF>35</cUF><dhRecbto>2024-05-02T10:00:00-03:00</dhRecbto></retConsStatServ>`,
  );

beforeAll(async () => {
  pfx = createTestCertificate({ cnpj: '11222333000181', name: 'LOJA DE TESTE LTDA', password: 'x' });
  certificate = loadCertificate(pfx, 'x');
  const tls = createSimulatorTlsMaterial();
  caCertPem = tls.caCertPem;
  server = https.createServer(
    { key: tls.serverKeyPem, cert: tls.serverCertPem, requestCert: true, rejectUnauthorized: false },
    (request, response) => {
      requests += 1;
      request.resume();
      request.on('end', () => {
        const { status, body } = script();
        response.writeHead(status, { 'Content-Type': 'application/soap+xml; charset=utf-8' });
        response.end(body);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
});

function makeClient(now: () => number = Date.now): SefazClient {
  return new SefazClient({ certificate, uf: 'SP', tpAmb: 2, endpoints: { baseUrl: url }, ca: caCertPem, now });
}

describe('SefazClient', () => {
  it('returns a 656 as an answer, then holds every call back without reaching SEFAZ until the wait is over', async () => {
    let clock = 1_000_000;
    const client = makeClient(() => clock);
    try {
      script = () => ({ status: 200, body: statusAnswer(656, 'Rejeição: Consumo Indevido') });
      expect((await client.statusServico()).cStat).toBe(656);
      const before = requests;
      const held = client.statusServico();
      await expect(held).rejects.toBeInstanceOf(SefazUnavailableError);
      await expect(held).rejects.toMatchObject({ reason: 'consumo-indevido' });
      expect(requests).toBe(before);

      clock += 3_600_000;
      script = () => ({ status: 200, body: statusAnswer(107, 'Serviço em Operação') });
      expect((await client.statusServico()).cStat).toBe(107);
      expect(requests).toBe(before + 1);
    } finally {
      client.close();
    }
  });

  it('treats HTTP 5xx as SEFAZ unavailable and HTTP 4xx as a protocol error, with the SOAP fault when there is one', async () => {
    const client = makeClient();
    try {
      script = () => ({ status: 500, body: buildSoapFault('soap:Receiver', 'Server was unable to process request.') });
      await expect(client.statusServico()).rejects.toMatchObject({
        name: 'SefazUnavailableError',
        reason: 'http-status',
        httpStatus: 500,
      });

      script = () => ({ status: 400, body: buildSoapFault('soap:Sender', 'Mensagem fora do padrão') });
      await expect(client.statusServico()).rejects.toBeInstanceOf(SefazSoapFaultError);

      script = () => ({ status: 403, body: 'Forbidden' });
      const forbidden = client.statusServico();
      await expect(forbidden).rejects.toBeInstanceOf(SefazProtocolError);
      await expect(forbidden).rejects.toMatchObject({ details: { httpStatus: 403 } });
    } finally {
      client.close();
    }
  });

  it('refuses a server whose certificate it does not trust, as a protocol error (not as unavailability)', async () => {
    const untrusting = new SefazClient({
      certificate: { pfx, password: 'x' },
      uf: 'SP',
      tpAmb: 2,
      endpoints: { baseUrl: url },
    });
    try {
      script = () => ({ status: 200, body: statusAnswer(107, 'Serviço em Operação') });
      await expect(untrusting.statusServico()).rejects.toThrow(/Certificado do servidor SEFAZ não confiável/);
    } finally {
      untrusting.close();
    }
  });
});
