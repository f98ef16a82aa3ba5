import { describe, expect, it } from 'vitest';
import type { ContentTable } from 'pdfmake/interfaces';
import { textWidth } from './danfe-metrics.ts';
import { danfeNfceDefinition, danfeNfcePdf, nfceNotices } from './danfe-nfce.ts';
import { parseNFe } from './danfe-parse.ts';
import { authorized, nodesWith, sampleXml, setTag, texts } from './danfe-testing.ts';
import { RECEIPT_WIDTH } from './receipt.ts';

const offline = () => parseNFe(sampleXml('sped-nfe/nfce_com_qrcode.xml'));
/** nfce.xml made a normal, authorised production NFC-e with a consumer identified by CPF. */
function authorizedWithCpf() {
  let xml = setTag(sampleXml('sped-nfe/nfce.xml'), 'tpEmis', '1');
  xml = xml.replace(/<dest>[\s\S]*?<\/dest>/, '<dest><CPF>52998224725</CPF><xNome>Maria Souza</xNome></dest>');
  return parseNFe(authorized(xml));
}
const allText = (data: ReturnType<typeof offline>, draft = false) =>
  texts(danfeNfceDefinition(data, { draft }).content).join('\n');

describe('DANFE NFC-e', () => {
  it("prints the sale's exchange voucher below it when asked, one per product line with por_produto, never on a draft", () => {
    const data = authorizedWithCpf();
    const plain = texts(danfeNfceDefinition(data).content).join('\n');
    expect(plain).not.toContain('COMPROVANTE DE TROCA');
    const one = texts(danfeNfceDefinition(data, { troca: { valido_ate: '03/04/2025' } }).content).join('\n');
    expect(one.split('COMPROVANTE DE TROCA').length - 1).toBe(1);
    expect(one).toContain('Válido para troca até 03/04/2025');
    expect(one).toContain('Cliente: Maria Souza');
    expect(one.indexOf('COMPROVANTE DE TROCA')).toBeGreaterThan(one.indexOf(data.chave.slice(0, 4)));
    const each = texts(danfeNfceDefinition(data, { troca: { valido_ate: '03/04/2025', por_produto: true } }).content).join('\n');
    expect(each.split('COMPROVANTE DE TROCA').length - 1).toBe(data.itens.length);
    const draft = texts(danfeNfceDefinition(data, { draft: true, troca: { valido_ate: '03/04/2025' } }).content).join('\n');
    expect(draft).not.toContain('COMPROVANTE DE TROCA');
  });

  it('prints on the 200-point roll with automatic height', () => {
    const doc = danfeNfceDefinition(offline());
    expect(doc.pageSize).toEqual({ width: RECEIPT_WIDTH, height: 'auto' });
  });

  it('shows emitter, title, items, totals, payment, key, consumer and identification', () => {
    const all = allText(offline());
    for (const expected of [
      'PMZ CENTRO NORTE S/A',
      'CNPJ: 33.657.677/0001-56  IE: 130796832',
      'AV. DA FEB (LOT.PONTE NOVA), 1150, PONTE NOVA, VARZEA GRANDE - BA',
      'DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica',
      '10015300336',
      '96,22',
      'Qtde. total de itens',
      'Valor total R$',
      'Valor a Pagar R$',
      '150,00',
      'Cartão de Débito',
      'Troco R$',
      'Consulte pela Chave de Acesso em',
      'http://hinternet.sefaz.ba.gov.br/nfce/consulta',
      '2918 1033 6576 7700 0156 6500 1000 1654 3990 0165 4399',
      'CONSUMIDOR NÃO IDENTIFICADO',
      'NFC-e nº 165439 Série 1 01/10/2018 07:28:14',
      'Tributos Totais Incidentes (Lei Federal 12.741/2012): R$ 35,75',
      '11899318;422-JERK DIONNY;CLIENTE RECUSOU INFORMAR CPF/CNPJ NO CUPOM',
    ]) {
      expect(all).toContain(expected);
    }
  });

  it('carries the QR code text in a pdfmake qr node', () => {
    const data = offline();
    const [qr] = nodesWith(danfeNfceDefinition(data).content, 'qr');
    expect(qr?.qr).toBe(data.qrCode);
  });

  it('shows the offline contingency notice and pending authorisation prominently', () => {
    const data = offline();
    expect(nfceNotices(data)).toEqual([
      'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL',
      'EMITIDA EM CONTINGÊNCIA',
      'Pendente de autorização',
    ]);
    const bold = nodesWith(danfeNfceDefinition(data).content, 'text').filter(
      (node) => node.text === 'EMITIDA EM CONTINGÊNCIA' && node.bold === true && Number(node.fontSize) >= 8,
    );
    expect(bold.length).toBeGreaterThanOrEqual(1);
    expect(allText(data)).not.toContain('Protocolo de autorização');
  });

  it('shows the protocol of an authorised production NFC-e and no fiscal notice', () => {
    const data = authorizedWithCpf();
    const all = allText(data);
    expect(all).toContain('Protocolo de autorização: 141200000012345');
    expect(all).toContain('Data de autorização: 11/03/2020 15:33:01');
    expect(all).toContain('CONSUMIDOR - CPF 529.982.247-25 - Maria Souza');
    expect(nfceNotices(data)).toEqual([]);
    expect(all).not.toContain('SEM VALOR FISCAL');
    expect(all).not.toContain('CONTINGÊNCIA');
  });

  it('prints discounts, additions and each payment with its card brand and authorisation', () => {
    let xml = setTag(sampleXml('sped-nfe/nfce.xml'), 'vDesc', '2.00');
    xml = setTag(xml, 'vOutro', '1.50');
    xml = xml.replace(
      /<pag>[\s\S]*?<\/pag>/,
      '<pag><detPag><tPag>01</tPag><vPag>20.00</vPag></detPag><detPag><tPag>03</tPag><vPag>10.00</vPag>' +
        '<card><tpIntegra>2</tpIntegra><tBand>02</tBand><cAut>A1B2C3</cAut></card></detPag>' +
        '<detPag><tPag>17</tPag><vPag>1.00</vPag></detPag><vTroco>1.00</vTroco></pag>',
    );
    const all = allText(parseNFe(xml));
    expect(all).toContain('Desconto R$\n-2,00');
    expect(all).toContain('Acréscimos R$\n1,50');
    expect(all).toContain('Dinheiro\n20,00');
    expect(all).toContain('Cartão de Crédito\n10,00\nMastercard - Aut. A1B2C3');
    expect(all).toContain('PIX\n1,00');
    expect(all).toContain('Troco R$\n1,00');
  });

  it('prints SEM VALOR FISCAL on a draft', () => {
    expect(nfceNotices(authorizedWithCpf(), { draft: true })).toEqual(['SEM VALOR FISCAL']);
    expect(allText(authorizedWithCpf(), true)).toContain('SEM VALOR FISCAL');
  });

  it('cuts each description to its column and keeps fonts between 4 and 10', () => {
    const doc = danfeNfceDefinition(offline());
    const table = nodesWith(doc.content, 'table').find(
      (node) => 'headerRows' in (node.table as object),
    ) as unknown as ContentTable;
    const widths = table.table.widths as number[];
    const rows = table.table.body.slice(1) as { text: string; bold: boolean }[][];
    const cut = rows[1]?.[1]?.text ?? '';
    expect(cut.length).toBeGreaterThan(30);
    expect('(292 - BAH0031D) -ROLAMENTO RODA DIANTEIRO SEM ABS UN'.startsWith(cut)).toBe(true);
    for (const row of rows) {
      row.forEach((cell, column) =>
        expect(textWidth(cell.text, 5, cell.bold)).toBeLessThanOrEqual(widths[column] ?? 0),
      );
    }
    const sizes = JSON.stringify(doc).match(/"fontSize":[\d.]+/g) ?? [];
    for (const size of sizes) expect(Number(size.split(':')[1])).toBeGreaterThanOrEqual(4);
    for (const size of sizes) expect(Number(size.split(':')[1])).toBeLessThanOrEqual(10);
  });

  // The first render in a worker loads pdfmake and its fonts (a few seconds on a slow machine).
  it('produces a PDF', async () => {
    const pdf = await danfeNfcePdf(offline());
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
  }, 60_000);
});

describe('DANFE NFC-e with the tax reform (IBSCBSTot)', () => {
  it('prints the IBS and CBS of the note above the additional information only when it carries them', () => {
    const xml = authorized(setTag(sampleXml('sped-nfe/nfce.xml'), 'tpEmis', '1'));
    const tot = '<IBSCBSTot><vBCIBSCBS>80.00</vBCIBSCBS><gIBS><gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSUF>0.08</vIBSUF></gIBSUF>'
      + '<gIBSMun><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>0.08</vIBS><vCredPres>0.00</vCredPres>'
      + '<vCredPresCondSus>0.00</vCredPresCondSus></gIBS><gCBS><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vCBS>0.72</vCBS>'
      + '<vCredPres>0.00</vCredPres><vCredPresCondSus>0.00</vCredPresCondSus></gCBS></IBSCBSTot>';
    expect(texts(danfeNfceDefinition(parseNFe(xml)).content).join('\n')).not.toContain('CBS: R$');
    const printed = texts(danfeNfceDefinition(parseNFe(xml.replace('</ICMSTot>', `</ICMSTot>${tot}`))).content).join('\n');
    expect(printed).toContain('IBS: R$ 0,08  CBS: R$ 0,72  (base R$ 80,00)');
  });
});
