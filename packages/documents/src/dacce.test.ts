import { describe, expect, it } from 'vitest';
import { dacceDocument, parseCorrection } from './dacce.ts';
import { texts } from './danfe-testing.ts';

const CHAVE = '35261112345678000190550010000000011234567890';
const PROC = `<procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><evento versao="1.00"><infEvento Id="ID110110${CHAVE}01">`
  + `<cOrgao>35</cOrgao><tpAmb>2</tpAmb><CNPJ>12345678000190</CNPJ><chNFe>${CHAVE}</chNFe><dhEvento>2026-11-27T10:00:00-03:00</dhEvento>`
  + '<tpEvento>110110</tpEvento><nSeqEvento>2</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Carta de Correcao</descEvento>'
  + '<xCorrecao>Endereço de entrega: fundos da loja</xCorrecao><xCondUso>A Carta de Correcao e disciplinada pelo paragrafo 1o-A</xCondUso></detEvento>'
  + '</infEvento></evento><retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>SIM</verAplic><cOrgao>35</cOrgao><cStat>135</cStat>'
  + `<xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${CHAVE}</chNFe><nProt>135260000000009</nProt>`
  + '<dhRegEvento>2026-11-27T10:00:05-03:00</dhRegEvento></infEvento></retEvento></procEventoNFe>';

describe('DACCe', () => {
  it('reads the letter and its registration from the procEventoNFe and prints them', () => {
    const data = parseCorrection(PROC, 'LOJA DEMO LTDA');
    expect(data).toMatchObject({ chave: CHAVE, sequencia: '2', correcao: 'Endereço de entrega: fundos da loja', protocolo: '135260000000009',
      status: '135 - Evento registrado e vinculado a NF-e' });
    const printed = texts(dacceDocument(data).content).join('\n');
    for (const expected of ['CARTA DE CORREÇÃO ELETRÔNICA', 'LOJA DEMO LTDA', 'Endereço de entrega: fundos da loja', '135260000000009', 'A Carta de Correcao']) {
      expect(printed).toContain(expected);
    }
  });

  it('marks a letter without SEFAZ\'s answer as not registered', () => {
    const signedOnly = PROC.replace(/<retEvento[\s\S]*<\/retEvento>/, '');
    const printed = texts(dacceDocument(parseCorrection(signedOnly, 'LOJA')).content).join('\n');
    expect(printed).toContain('não registrado');
  });
});
