/**
 * Small factories of NF-e/NFC-e input for tests and benchmarks (CONVENTIONS.md, Tests): a schema-valid NFC-e of a
 * Simples Nacional shop in São Paulo, homologation, one item paid in cash, unless told otherwise.
 */
import { multiplyByQuantity } from '@pdv/domain/money';
import type { NFeDet, NFeInput } from '../types.ts';

export const TEST_EMITTER_CNPJ = '11222333000181';
export const TEST_CSC = { idCSC: '000001', csc: 'CSC-DE-TESTE-0123456789' };

export function makeItem(overrides: Partial<NFeDet['prod']> = {}, imposto: Partial<NFeDet['imposto']> = {}): NFeDet {
  return {
    prod: {
      cProd: '1001', cEAN: '7891000315507', xProd: 'CAMISETA BASICA ALGODAO P', NCM: '61091000', CFOP: '5102', uCom: 'UN',
      qCom: 1000, vUnCom: 4990, ...overrides,
    },
    imposto: {
      ICMS: { orig: 0, CSOSN: '102' },
      PIS: { CST: '49', vBC: 0, p: 0 },
      COFINS: { CST: '49', vBC: 0, p: 0 },
      ...imposto,
    },
  };
}

export function makeNFCeInput(overrides: Partial<NFeInput> = {}): NFeInput {
  const det = overrides.det ?? [makeItem()];
  return {
    ide: {
      cUF: '35', natOp: 'VENDA AO CONSUMIDOR', mod: 65, serie: 1, nNF: 1, cNF: '81782249', dhEmi: '2026-05-04T10:30:00-03:00',
      tpNF: 1, idDest: 1, cMunFG: '3550308', tpImp: 4, tpEmis: 1, tpAmb: 2, finNFe: 1, indFinal: 1, indPres: 1,
      ...overrides.ide,
    },
    emit: {
      CNPJ: TEST_EMITTER_CNPJ, xNome: 'LOJA DEMO MODA LTDA', xFant: 'DEMO MODA',
      enderEmit: { xLgr: 'RUA DAS FLORES', nro: '100', xBairro: 'CENTRO', cMun: '3550308', xMun: 'SAO PAULO', UF: 'SP', CEP: '01001000' },
      IE: '111111111119', CRT: 1,
      ...overrides.emit,
    },
    dest: overrides.dest ?? null,
    det,
    transp: overrides.transp ?? { modFrete: 9 },
    pag: overrides.pag ?? { detPag: [{ tPag: '01', vPag: det.reduce((s, d) => s + (d.prod.vProd ?? multiplyByQuantity(d.prod.vUnCom, d.prod.qCom)) - (d.prod.vDesc ?? 0), 0) }] },
    infAdic: overrides.infAdic ?? null,
    infRespTec: overrides.infRespTec ?? null,
    csc: overrides.csc === undefined ? TEST_CSC : overrides.csc,
    ...(overrides.utcOffset ? { utcOffset: overrides.utcOffset } : {}),
  };
}

/** An NF-e (model 55) to a company in another state. */
export function makeNFeInput(overrides: Partial<NFeInput> = {}): NFeInput {
  const base = makeNFCeInput({ csc: null, ...overrides });
  return {
    ...base,
    ide: { ...base.ide, mod: 55, tpImp: 1, idDest: 2, indFinal: 0, indPres: 9, natOp: 'VENDA DE MERCADORIA', ...overrides.ide },
    dest: 'dest' in overrides ? overrides.dest : {
      CNPJ: '11444777000161', xNome: 'CLIENTE ATACADO LTDA', indIEDest: 1, IE: '0623079040081',
      enderDest: { xLgr: 'AV BRASIL', nro: '2000', xBairro: 'CENTRO', cMun: '3106200', xMun: 'BELO HORIZONTE', UF: 'MG', CEP: '30140000' },
    },
    det: overrides.det ?? [makeItem({ CFOP: '6102' })],
  };
}
