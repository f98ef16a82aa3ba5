/**
 * Demo step: the catalogue, people and settings of both demo organizations. Demo Moda gets a believable clothing and
 * footwear shop (demo-shop.ts); Outra Loja a small housewares catalogue, so isolation tests have rows on both sides.
 */
import { IBSCBS_TEST_RATES_2026 } from '@pdv/domain/ibscbs';
import type { DemoStep } from './demo.ts';
import { DEMO_CATALOG, DEMO_SETTINGS } from './demo-shop.ts';
import { loadCatalog, type CatalogSeed } from './shop-catalog.ts';
import { loadSettings, type SettingsSeed } from './shop-settings.ts';

const BH = { cidade: 'Belo Horizonte', uf: 'MG', id_cidade: 3106200 };

const OTHER_CATALOG: CatalogSeed = {
  gtinPrefix: '7895678',
  units: [['UN', 'Unidade', 0], ['CX', 'Caixa', 0], ['JG', 'Jogo', 0]],
  categories: [['Cozinha', null], ['Mesa e Bar', null]],
  brands: ['Casa Boa', 'Lar Mineiro'],
  products: [
    { sku: 'UD-001', descricao: 'Panela de Pressão Alumínio 4,5 L', categoria: 'Cozinha', marca: 'Casa Boa', unidade: 'UN', ncm: '76151000',
      venda: 149.9, atacado: 129.9, custo: 68, garantia: 365 },
    { sku: 'UD-002', descricao: 'Jogo de Copos de Vidro 6 Peças 300 ml', categoria: 'Mesa e Bar', marca: 'Lar Mineiro', unidade: 'JG',
      ncm: '70132800', venda: 39.9, atacado: 33.9, custo: 15, caixa: 8 },
    { sku: 'UD-003', descricao: 'Garrafa Térmica Inox 1 L', categoria: 'Mesa e Bar', marca: 'Casa Boa', unidade: 'UN', ncm: '96170010',
      venda: 89.9, atacado: 76.9, custo: 38, cores: ['Inox', 'Preto'] },
    { sku: 'UD-004', descricao: 'Tábua de Corte Bambu 40 cm', categoria: 'Cozinha', marca: 'Lar Mineiro', unidade: 'UN', ncm: '44199000',
      venda: 45.9, atacado: 38.9, custo: 17 },
  ],
  addresses: [['LOJA', 'Loja'], ['DEP', 'Depósito']],
  priceTables: [
    { descricao: 'Tabela Padrão', tipo_aplicado: 'Desconto', valor_varejo: 0, valor_atacado: 0 },
    { descricao: 'Distribuidores', tipo_aplicado: 'Desconto', valor_varejo: 8, valor_atacado: 4 },
  ],
  inventories: [{ filial: '1', descricao: 'Contagem geral', itens: 3, usuario: 'outra' }],
};

const OTHER_SETTINGS: SettingsSeed = {
  people: [
    { nome: 'Consumidor Final', tipo: 'F', consumidor_final: true },
    { nome: 'Helena Duarte Campos', tipo: 'F', documento: '631528497', email: 'helena.campos@exemplo.com.br', celular: '31988127734',
      endereco: { ...BH, endereco: 'Rua da Bahia', numero: '1148', bairro: 'Centro', cep: '30160011' }, saldo: 25 },
  ],
  operators: [{ nome: 'Getnet', rede: 'Getnet', taxa: 1.95, dias_credito: 30, documento: '745812360001', taxas: [2.5, 2.99, 3.49] }],
  accounts: [{ descricao: 'Caixa geral' }],
  plans: [['Cartão 1x a 3x', 0, [[30, 0], [60, 0], [90, 0]]]],
  methods: [
    { descricao: 'Dinheiro', codigo: '01', tecla: 'F2' },
    { descricao: 'Cartão de Crédito', codigo: '03', tecla: 'F3', parcelamento: 'Cartão 1x a 3x', operadora: 'Getnet' },
    { descricao: 'PIX', codigo: '17', tecla: 'F5' },
  ],
  scenarios: [
    { descricao: 'Venda de mercadoria - Regime Normal', regime_tributario: 3, operacao: 1, tipo: 'Venda', is_padrao: true,
      cfop_interno: '5102', cfop_externo: '6102', icms_cst: '00', icms_aliquota: 18, pis_cst: '01', pis_aliquota: 1.65,
      cofins_cst: '01', cofins_aliquota: 7.6,
      // The tax reform's 2026 test rates (NT 2025.002-RTC; CBS 0.9%, IBS 0.1% to the UF, none to the city): a CRT 3
      // branch writes det/imposto/IBSCBS and IBSCBSTot from them (domain ibscbs.ts).
      ibscbs_cst: '000', ibscbs_classificacao: '000001', cbs_aliquota: IBSCBS_TEST_RATES_2026.cbs,
      ibsuf_aliquota: IBSCBS_TEST_RATES_2026.ibsuf, ibsmun_aliquota: IBSCBS_TEST_RATES_2026.ibsmun },
  ],
  series: [['65', 1], ['55', 1]],
  config: { '1': { is_pdv_offline: true, codigo_regime_tributario: 3 } },
  promotions: [['Semana da Cozinha', -2, 5, false]],
  notifications: [{ titulo: 'Bem-vindo', mensagem: 'Catálogo de utilidades domésticas carregado.' }],
};

export const seedCatalog: DemoStep = async (tx, ctx) => {
  await loadCatalog(tx, ctx.demo, DEMO_CATALOG);
  await loadSettings(tx, ctx.demo, DEMO_SETTINGS);
  await loadCatalog(tx, ctx.other, OTHER_CATALOG);
  await loadSettings(tx, ctx.other, OTHER_SETTINGS);
};
