import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { netAcquisitionCost } from '@pdv/domain/purchase-import';
import { checkPurchaseNFe, parsePurchaseNFe, PurchaseNFeError } from './purchase-nfe.ts';
import { makePurchaseNFeXml } from './testing/purchase-factory.ts';

const SAMPLE = new URL('../test-data/samples/nfelib/35180834128745000152550010000474281920007498-nfe.xml', import.meta.url);

describe('purchase NF-e reading', () => {
  it('reads an authorized sample: emitter, recipient, items, taxes and duplicates', () => {
    const nfe = parsePurchaseNFe(readFileSync(SAMPLE, 'utf8'));
    expect(nfe.chave).toBe('35180834128745000152550010000474281920007498');
    expect(nfe.emitente.cnpj).toBe('34128745000152');
    expect(nfe.itens).toHaveLength(6);
    expect(nfe.itens[0]?.nItem).toBe(1);
    expect(nfe.duplicatas.length).toBeGreaterThan(0);
    expect(nfe.protocolo).not.toBeNull();
    const sum = nfe.itens.reduce((s, i) => s + i.amounts.vProd, 0);
    expect(sum).toBe(nfe.vProd);
  });

  it('reads the factory NF-e with its ICMS, PIS and COFINS per item, and passes the schema', async () => {
    const { xml, chave } = makePurchaseNFeXml({
      emitCnpj: '11444777000161', destCnpj: '11222333000181', nNF: 77,
      items: [{ cProd: 'F-1', cEAN: '7891000315507', xProd: 'CAIXA DE CANETAS', uCom: 'CX', qCom: 2_000, vUnCom: 60_00 }],
      dups: [['001', '2026-06-04', 60_00], ['002', '2026-07-04', 60_00]],
    });
    const nfe = await checkPurchaseNFe(xml);
    expect(nfe.chave).toBe(chave);
    expect(nfe.destinatario?.cnpj).toBe('11222333000181');
    const [item] = nfe.itens;
    expect(item).toMatchObject({ cProd: 'F-1', cEAN: '7891000315507', uCom: 'CX', qCom: 2_000 });
    expect(item?.amounts).toMatchObject({ vProd: 120_00, vICMS: 21_60, vPIS: 1_98, vCOFINS: 9_12 });
    expect(nfe.duplicatas).toEqual([{ nDup: '001', dVenc: '2026-06-04', vDup: 60_00 }, { nDup: '002', dVenc: '2026-07-04', vDup: 60_00 }]);
    expect(netAcquisitionCost(item!.amounts, { crt: 3, revenda: true, pisCofinsNaoCumulativo: true }).net).toBe(120_00 - 21_60 - 1_98 - 9_12);
  });

  it('refuses what is not an NF-e, a broken XML and a schema fault', async () => {
    expect(() => parsePurchaseNFe('<a>')).toThrow(PurchaseNFeError);
    expect(() => parsePurchaseNFe('<root/>')).toThrow(/modelo 55/);
    const { xml } = makePurchaseNFeXml({ emitCnpj: '11444777000161', destCnpj: '11222333000181', nNF: 78, items: [{ cProd: 'X', xProd: 'X', qCom: 1_000, vUnCom: 1_00 }] });
    await expect(checkPurchaseNFe(xml.replace(/<NCM>[0-9]+<\/NCM>/, '<NCM>ABC</NCM>'))).rejects.toThrow(PurchaseNFeError);
  });
});
