import { describe, expect, it } from 'vitest';
import { UF_CODES, type UF } from '../access-key.ts';
import { authorizerFor, resolveSefazUrl, SEFAZ_SERVICES } from './endpoints.ts';

describe('authorizerFor', () => {
  it('sends each UF to its own authorizer or to SVRS / SVAN', () => {
    expect(authorizerFor('SP', 55)).toBe('SP');
    expect(authorizerFor('BA', 55)).toBe('BA');
    expect(authorizerFor('MA', 55)).toBe('SVAN');
    expect(authorizerFor('SC', 55)).toBe('SVRS');
    expect(authorizerFor('CE', 55)).toBe('SVRS');
  });

  it('sends NFC-e to SVRS where the state has no NFC-e hosts of its own', () => {
    expect(authorizerFor('SP', 65)).toBe('SP');
    expect(authorizerFor('MG', 65)).toBe('MG');
    expect(authorizerFor('BA', 65)).toBe('SVRS');
    expect(authorizerFor('MA', 65)).toBe('SVRS');
  });

  it('picks SVC-AN or SVC-RS for NF-e contingency and refuses SVC for NFC-e', () => {
    expect(authorizerFor('SP', 55, 'SVC')).toBe('SVC-AN');
    expect(authorizerFor('PR', 55, 'SVC')).toBe('SVC-RS');
    expect(() => authorizerFor('PR', 65, 'SVC')).toThrow();
  });
});

describe('resolveSefazUrl', () => {
  it('gives the official addresses per environment', () => {
    expect(resolveSefazUrl({ uf: 'SP', tpAmb: 2, mod: 65, service: 'NFeAutorizacao4' })).toBe(
      'https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeAutorizacao4.asmx',
    );
    expect(resolveSefazUrl({ uf: 'SP', tpAmb: 1, mod: 55, service: 'NFeConsultaProtocolo4' })).toBe(
      'https://nfe.fazenda.sp.gov.br/ws/nfeconsultaprotocolo4.asmx',
    );
    expect(resolveSefazUrl({ uf: 'SC', tpAmb: 1, mod: 65, service: 'NFeRecepcaoEvento4' })).toBe(
      'https://nfce.svrs.rs.gov.br/ws/recepcaoevento/recepcaoevento4.asmx',
    );
    expect(resolveSefazUrl({ uf: 'MG', tpAmb: 2, mod: 55, service: 'NFeStatusServico4' })).toBe(
      'https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeStatusServico4',
    );
  });

  it('has every service for every UF, model and environment (SVC has no inutilização)', () => {
    for (const uf of Object.keys(UF_CODES) as UF[]) {
      for (const mod of [55, 65] as const) {
        for (const tpAmb of [1, 2] as const) {
          for (const service of SEFAZ_SERVICES) {
            expect(resolveSefazUrl({ uf, tpAmb, mod, service })).toMatch(/^https:\/\/[a-z0-9.-]+\.gov\.br\//);
          }
        }
      }
    }
    expect(() =>
      resolveSefazUrl({ uf: 'SP', tpAmb: 1, mod: 55, service: 'NFeInutilizacao4', contingencia: 'SVC' }),
    ).toThrow();
  });

  it('lets configuration replace the addresses: a base URL, or one URL per service', () => {
    const override = { baseUrl: 'https://127.0.0.1:8443/', urls: { NFeStatusServico4: 'https://outro/status' } };
    expect(resolveSefazUrl({ uf: 'SP', tpAmb: 2, mod: 65, service: 'NFeAutorizacao4', override })).toBe(
      'https://127.0.0.1:8443/ws/NFeAutorizacao4',
    );
    expect(resolveSefazUrl({ uf: 'SP', tpAmb: 2, mod: 65, service: 'NFeStatusServico4', override })).toBe(
      'https://outro/status',
    );
  });
});
