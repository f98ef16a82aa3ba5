import { describe, expect, it } from 'vitest';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { A4_MARGIN } from './danfe-a4-grid.ts';
import { additionalInfoLines, danfeA4Definition, danfeA4Pdf, planPages } from './danfe-a4.ts';
import { parseNFe } from './danfe-parse.ts';
import { nodesWith, pdfPageCount, sampleXml, setTag, texts, withItems } from './danfe-testing.ts';

const WITH_PROTOCOL = 'sped-nfe/nfe_layout4_com_prot.xml';
const PRODUCTION = 'nfelib/35180834128745000152550010000476861118934859-nfe.xml';
const note = (path: string) => parseNFe(sampleXml(path));
/** The texts of each page (pages are the top-level stacks of the content). */
const pageTexts = (doc: TDocumentDefinitions) => (doc.content as unknown[]).map((page) => texts(page).join('\n'));

describe('DANFE A4', () => {
  it('lays out an A4 portrait page with 14.17-point margins on every side', () => {
    const doc = danfeA4Definition(note(PRODUCTION));
    expect(doc.pageSize).toBe('A4');
    expect(doc.pageOrientation).toBe('portrait');
    expect(doc.pageMargins).toEqual([A4_MARGIN, A4_MARGIN, A4_MARGIN, A4_MARGIN]);
    expect(A4_MARGIN).toBe(14.17);
  });

  it('prints the standard blocks with the note data', () => {
    const [first = ''] = pageTexts(danfeA4Definition(note(WITH_PROTOCOL)));
    for (const expected of [
      'RECEBEMOS DE UMA RAZAO SOCIAL DE TESTE QUALQUER',
      'DATA DE RECEBIMENTO',
      'IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR',
      'DANFE',
      '0 - ENTRADA\n1 - SAÍDA',
      'Nº 000.000.026',
      'SÉRIE 001',
      'FOLHA 1/1',
      'CHAVE DE ACESSO',
      '4318 0906 9293 8300 0163 5500 1000 0000 2610 0001 0301',
      'NATUREZA DA OPERAÇÃO',
      'Venda de producao do estabelecimento',
      'PROTOCOLO DE AUTORIZAÇÃO DE USO',
      '143180006932433 - 25/09/2018 16:21:05',
      'INSCRIÇÃO ESTADUAL',
      'DESTINATÁRIO / REMETENTE',
      '58.716.523/0001-19',
      'FATURA / DUPLICATAS',
      'Venc.: 31/12/2018',
      'CÁLCULO DO IMPOSTO',
      'V. TOTAL DA NOTA',
      '500,00',
      'TRANSPORTADOR / VOLUMES TRANSPORTADOS',
      '9 - Sem Frete',
      'DADOS DOS PRODUTOS / SERVIÇOS',
      'UM PRODUTO TESTE QUALQUER',
      '10,0000',
      'DADOS ADICIONAIS',
      'INFORMAÇÕES COMPLEMENTARES',
      'RESERVADO AO FISCO',
    ]) {
      expect(first).toContain(expected);
    }
  });

  it('draws the access key as Code 128 C bars: 24 symbols of 3 bars and a stop of 4', () => {
    const doc = danfeA4Definition(note(PRODUCTION));
    const barcode = nodesWith(doc.content, 'canvas').find((node) => (node.canvas as unknown[]).length > 20);
    const bars = barcode?.canvas as { x: number; w: number; h: number }[];
    expect(bars).toHaveLength(24 * 3 + 4);
    // Start C is 2-1-1-2-3-2, so the first bar is two modules wide; bars run from the first to the stop's last.
    const module = (bars[0]?.w ?? 0) / 2;
    const last = bars[bars.length - 1];
    expect(((last?.x ?? 0) + (last?.w ?? 0) - (bars[0]?.x ?? 0)) / module).toBeCloseTo(277, 6);
  });

  it('adds the homologation banner on every page and no watermark unless a draft', () => {
    const doc = danfeA4Definition(note(WITH_PROTOCOL));
    expect(pageTexts(doc)[0]).toContain('SEM VALOR FISCAL - AMBIENTE DE HOMOLOGAÇÃO');
    expect(doc.watermark).toBeUndefined();
    const production = danfeA4Definition(note(PRODUCTION));
    expect(pageTexts(production).join('\n')).not.toContain('SEM VALOR FISCAL');
  });

  it('prints a draft with the diagonal SEM VALOR FISCAL watermark', () => {
    const doc = danfeA4Definition(note(PRODUCTION), { draft: true });
    expect(doc.watermark).toMatchObject({ text: 'SEM VALOR FISCAL' });
  });

  it('tells a contingency emission in the additional data', () => {
    const lines = additionalInfoLines(note('sped-nfe/nfe_layout4_contingencia_sem_assinatura.xml'));
    expect(lines.join(' ')).toContain('EMITIDA EM CONTINGÊNCIA (SVC-AN)');
  });

  it('spreads 60 items over pages that repeat the header with their FOLHA x/y', () => {
    const data = parseNFe(withItems(sampleXml(PRODUCTION), 60));
    const plans = planPages(data);
    expect(plans.length).toBeGreaterThanOrEqual(2);
    // Items are split in order, each exactly once.
    expect(plans.map((p) => [p.from, p.to])).toEqual(
      plans.map((p, i) => [i === 0 ? 0 : (plans[i - 1]?.to ?? 0), p.to]),
    );
    expect(plans[plans.length - 1]?.to).toBe(60);
    const pages = pageTexts(danfeA4Definition(data));
    expect(pages).toHaveLength(plans.length);
    pages.forEach((page, index) => {
      expect(page).toContain(`FOLHA ${index + 1}/${plans.length}`);
      expect(page).toContain('3518 0834 1287 4500 0152 5500 1000 0476 8611 1893 4859');
      expect(page).toContain('DESCRIÇÃO DO PRODUTO / SERVIÇO');
    });
    expect(pages[0]).toContain('RECEBEMOS DE');
    expect(pages[1]).not.toContain('RECEBEMOS DE');
    expect(pages[0]).toContain('DADOS ADICIONAIS');
  });

  it('continues long additional data after the last item', () => {
    const long = 'Texto longo de informações complementares para testar a continuação do quadro. '.repeat(80);
    const data = parseNFe(setTag(sampleXml(PRODUCTION), 'infCpl', long));
    const plans = planPages(data);
    const printed = plans.flatMap((p) => p.info ?? []);
    expect(printed).toEqual(additionalInfoLines(data));
    expect(plans.some((p) => p.infoContinued)).toBe(true);
    expect(pageTexts(danfeA4Definition(data)).join('\n')).toContain('DADOS ADICIONAIS (CONTINUAÇÃO)');
  });

  // The first render in a worker loads pdfmake and its fonts (a few seconds on a slow machine).
  it('produces a PDF whose pages are the pages it planned', async () => {
    const data = parseNFe(withItems(sampleXml(PRODUCTION), 60));
    const pdf = await danfeA4Pdf(data, { draft: true });
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(30_000);
    expect(pdfPageCount(pdf)).toBe(planPages(data).length);
  }, 60_000);
});

describe('DANFE A4 with the tax reform (IBSCBSTot)', () => {
  const IBSCBS_TOT = '<IBSCBSTot><vBCIBSCBS>1234.56</vBCIBSCBS><gIBS><gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSUF>1.23</vIBSUF></gIBSUF>'
    + '<gIBSMun><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>1.23</vIBS><vCredPres>0.00</vCredPres>'
    + '<vCredPresCondSus>0.00</vCredPresCondSus></gIBS><gCBS><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vCBS>11.11</vCBS>'
    + '<vCredPres>0.00</vCredPres><vCredPresCondSus>0.00</vCredPresCondSus></gCBS></IBSCBSTot>';

  it('prints the IBS/CBS base and values under the tax block only when the note carries them', () => {
    const xml = sampleXml(WITH_PROTOCOL);
    const [plain = ''] = pageTexts(danfeA4Definition(parseNFe(xml)));
    expect(plain).not.toContain('VALOR DA CBS');
    const [withReform = ''] = pageTexts(danfeA4Definition(parseNFe(xml.replace('</ICMSTot>', `</ICMSTot>${IBSCBS_TOT}`))));
    for (const expected of ['BASE DE CÁLC. IBS/CBS\n1.234,56', 'VALOR DO IBS UF\n1,23', 'VALOR TOTAL DO IBS\n1,23', 'VALOR DA CBS\n11,11']) {
      expect(withReform).toContain(expected);
    }
  });
});
