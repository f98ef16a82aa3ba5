import { describe, expect, it } from 'vitest';
import { formatAddress, formatPresaleDate, presaleSheetDocument, presaleSheetPdf, type PresaleSheetData } from './presale-a4.ts';
import { pdfPageCount } from './danfe-testing.ts';
import { pdfText, pdfTextPages } from './pdf-text.ts';

function makeSheet(fields: Partial<PresaleSheetData> = {}): PresaleSheetData {
  return {
    tipo: 'Pedido',
    nsu: 1042,
    situacao: 'Liberado',
    data_cadastro: '2026-03-04T15:30:00.000Z',
    data_validade: null,
    data_entrega: null,
    fuso_horario: -3,
    loja: {
      nome: 'Demo Moda - Loja Centro',
      razao_social: 'Demo Moda Comércio Ltda',
      cnpj: '12345678000195',
      endereco: { logradouro: 'Rua Augusta', numero: '100', complemento: null, bairro: 'Consolação', cidade: 'São Paulo', uf: 'SP', cep: '01305000' },
      telefone: '1133334444',
      email: null,
    },
    cliente: {
      nome: 'Maria da Silva',
      cpf_cnpj: '52998224725',
      endereco: null,
      telefone: '11987654321',
      email: 'maria@exemplo.com.br',
    },
    vendedor: 'Gerente Demo',
    itens: [
      { codigo: '7891234567895', descricao: 'Camiseta básica algodão azul', unidade: 'UN', quantidade: 2000, valor_unitario: 4990, valor_desconto: 998, valor_total: 8982 },
      { codigo: null, descricao: 'Meia esportiva', unidade: 'PAR', quantidade: 1500, valor_unitario: 1000, valor_desconto: 0, valor_total: 1500 },
    ],
    servicos: [],
    totais: { produtos: 10482, servicos: 0, desconto: 998, frete: 1500, seguro: 0, outros: 0, total: 11982 },
    pagamentos: [
      {
        descricao: 'Cartão de Crédito',
        valor: 11982,
        parcelas: [
          { parcela: 1, data_vencimento: '2026-04-04', valor: 5991 },
          { parcela: 2, data_vencimento: '2026-05-04', valor: 5991 },
        ],
      },
    ],
    observacao: 'Entregar após as 14h.',
    ...fields,
  };
}

describe('A4 pre-sale sheet', () => {
  it('prints the branch, number, customer, seller, items, totals, installments, notes and the no-fiscal-value notice', async () => {
    const pdf = await presaleSheetPdf(makeSheet());
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Demo Moda - Loja Centro',
      'CNPJ 12.345.678/0001-95',
      'Rua Augusta, 100 - Consolação - São Paulo/SP - CEP 01305-000',
      'Fone (11) 3333-4444',
      'PEDIDO',
      'Nº 1042',
      'Situação: Liberado',
      '04/03/2026 12:30',
      'Maria da Silva',
      'CPF/CNPJ 529.982.247-25',
      '(11) 98765-4321 - maria@exemplo.com.br',
      'Gerente Demo',
      '1 | 7891234567895 | Camiseta básica algodão azul | UN | 2,000 | R$ 49,90 | R$ 9,98 | R$ 89,82',
      '2 | Meia esportiva | PAR | 1,500 | R$ 10,00 | R$ 15,00',
      'Total dos produtos | R$ 104,82',
      'Desconto | -R$ 9,98',
      'Frete | R$ 15,00',
      'TOTAL | R$ 119,82',
      'Cartão de Crédito (2x) | R$ 119,82',
      'Parcela 1/2 - venc. 04/04/2026 - R$ 59,91',
      'Parcela 2/2 - venc. 04/05/2026 - R$ 59,91',
      'OBSERVAÇÕES',
      'Entregar após as 14h.',
      'Documento sem valor fiscal',
      'PEDIDO Nº 1042 - Página 1 de 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Validade');
    expect(text).not.toContain('SERVIÇOS');
  });

  it('titles a quote ORÇAMENTO with its validity date and payment conditions', async () => {
    const text = pdfText(await presaleSheetPdf(makeSheet({ tipo: 'Orcamento', data_validade: '2026-03-19T02:59:59.000Z' })));
    expect(text).toContain('ORÇAMENTO');
    expect(text).toContain('Validade');
    expect(text).toContain('18/03/2026');
    expect(text).toContain('CONDIÇÕES DE PAGAMENTO');
  });

  it('lists the services of a service order with their technician and total', async () => {
    const text = pdfText(await presaleSheetPdf(makeSheet({
      tipo: 'OrdemServico',
      servicos: [{ descricao: 'Troca de tela', tecnico: 'João Técnico', quantidade: 1000, valor_unitario: 25000, valor_desconto: 0, valor_total: 25000 }],
      totais: { produtos: 10482, servicos: 25000, desconto: 998, frete: 0, seguro: 0, outros: 0, total: 35482 },
    })));
    for (const expected of ['ORDEM DE SERVIÇO', 'SERVIÇOS', 'TÉCNICO', 'Troca de tela', 'João Técnico', 'R$ 250,00', 'Total dos serviços', 'R$ 354,82']) {
      expect(text, expected).toContain(expected);
    }
  });

  it('says when the customer is not identified and payments are still to be agreed', async () => {
    const text = pdfText(await presaleSheetPdf(makeSheet({ cliente: null, pagamentos: [], observacao: null })));
    expect(text).toContain('Consumidor não identificado');
    expect(text).toContain('A combinar');
    expect(text).not.toContain('OBSERVAÇÕES');
  });

  it('continues a long order on more pages, repeating the table header and the notice on each page', async () => {
    const itens = Array.from({ length: 80 }, (_, i) => ({
      codigo: String(1000 + i), descricao: `Produto ${i + 1}`, unidade: 'UN', quantidade: 1000, valor_unitario: 100, valor_desconto: 0, valor_total: 100,
    }));
    const pdf = await presaleSheetPdf(makeSheet({ itens }));
    const pages = pdfTextPages(pdf);
    expect(pdfPageCount(pdf)).toBe(pages.length);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((lines, i) => {
      const page = lines.join('\n');
      expect(page).toContain('Documento sem valor fiscal');
      expect(page).toContain('DESCRIÇÃO');
      expect(page).toContain(`PEDIDO Nº 1042 - Página ${i + 1} de ${pages.length}`);
    });
    expect(pages.flat().join('\n')).toContain('Produto 80');
  });

  it('is an A4 portrait page', () => {
    const doc = presaleSheetDocument(makeSheet());
    expect(doc.pageSize).toBe('A4');
    expect(doc.pageOrientation).toBe('portrait');
  });

  it('formats dates in the branch offset and addresses on one line', () => {
    expect(formatPresaleDate('2026-03-01T02:00:00.000Z', -3)).toBe('28/02/2026');
    expect(formatPresaleDate('2026-03-01T02:00:00.000Z', -3, true)).toBe('28/02/2026 23:00');
    expect(formatPresaleDate('2026-04-04', -3)).toBe('04/04/2026');
    expect(formatAddress({ logradouro: 'Av. Brasil', numero: null, complemento: 'sala 2', bairro: null, cidade: 'Maringá', uf: 'PR', cep: null }))
      .toBe('Av. Brasil - sala 2 - Maringá/PR');
  });
});
