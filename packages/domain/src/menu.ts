/**
 * The main menu and the settings menu (002 §2). Each entry carries the permission label (rotulo) that must be held,
 * active, for the entry to be shown; null means no permission is needed. The settings groups and labels are the
 * spec's; the main menu labels are ours (the spec does not name them) and are listed in PERMISSION_CATALOGUE.
 */
import { MANAGER_PERMISSIONS, SUPERVISOR_PERMISSION_CATALOGUE } from './permissions.ts';

export interface MenuEntry {
  label: string;
  path: string;
  permission: string | null;
  /** Built in a later issue: the screen says so instead of pretending. */
  pending?: boolean;
}

export interface MenuGroup {
  title: string;
  /** Group permission of 002 §2; groups are filtered on their entries (the group label is informative). */
  groupPermission: string | null;
  entries: MenuEntry[];
}

export const MAIN_MENU: MenuEntry[] = [
  { label: 'Início', path: '/', permission: null },
  { label: 'Ponto de venda', path: '/checkout', permission: 'FncPontoVenda' },
  { label: 'Operações pendentes', path: '/operations-pending', permission: null },
  { label: 'Pedidos', path: '/order', permission: 'FncListarPedido', pending: false },
  { label: 'Notas fiscais', path: '/invoice', permission: 'FncListarNotaFiscal', pending: false },
  // 002 §2 "disablement and correction lists, sales returns list": the spec names no path nor permission; the invoices'.
  { label: 'Inutilizações', path: '/invoice/disablements', permission: 'FncListarNotaFiscal' },
  { label: 'Cartas de correção', path: '/invoice/corrections', permission: 'FncListarNotaFiscal' },
  { label: 'Devoluções de venda', path: '/invoice/returns', permission: 'FncListarNotaFiscal' },
  // 002 §2 "invoice import from XML" (issue 32): no path nor permission in the spec; the invoices'.
  { label: 'Importação de XML', path: '/invoice/import', permission: 'FncListarNotaFiscal' },
  { label: 'Notas de entrada', path: '/invoice/entries', permission: 'FncListarNotaFiscal' },
  { label: 'Notas destinadas', path: '/invoice/destined', permission: 'FncListarNotaFiscal' },
  // 002 §2 "fiscal management SPED" (issue 32): no path nor permission in the spec. The fiscal settings' permission
  // (ViewFiscal), not the invoices': the month's bookkeeping is the manager's and the accountant's, not the cashier's.
  { label: 'Gestão fiscal (SPED)', path: '/invoice/sped', permission: 'ViewFiscal' },
  { label: 'Produtos', path: '/products', permission: 'FncListarProduto' },
  { label: 'Categorias', path: '/categories', permission: 'FncListarCategoria' },
  { label: 'Atributos', path: '/attributes', permission: 'FncListarAtributo' },
  { label: 'Marcas', path: '/brands', permission: 'FncListarMarca' },
  { label: 'Coleções', path: '/collections', permission: 'FncListarColecao' },
  { label: 'Unidades de medida', path: '/measureUnit', permission: 'FncListarUnidadeMedida' },
  { label: 'Pessoas', path: '/people', permission: 'FncListarPessoa' },
  { label: 'Classificações', path: '/classification', permission: 'FncListarClassificacao' },
  { label: 'Serviços', path: '/services', permission: 'FncListarServico' },
  { label: 'Movimentação de estoque', path: '/stockMovement', permission: 'FncListarMovimentacaoEstoque' },
  // 001 §7 Inventory: the spec names no permission; counting and processing move stock (docs/decisions.md).
  { label: 'Inventários', path: '/inventory', permission: 'FncListarMovimentacaoEstoque' },
  { label: 'Documentos financeiros', path: '/documentFinancial', permission: 'FncListarDocumentoFinanceiro' },
  // 002 §2 lists the bank conciliation and the cash flow among the screens without their paths: ours.
  { label: 'Conciliação bancária', path: '/bankConciliation', permission: 'ViewContasBancarias' },
  // 001 §7 Bank integration: the bank login, statement, boletos registered online and PIX charges (issue 26).
  { label: 'Integração bancária', path: '/bankIntegration', permission: 'ViewContasBancarias' },
  { label: 'Fluxo de caixa', path: '/cashFlow', permission: 'FncListarDocumentoFinanceiro' },
  { label: 'Caixa', path: '/cashier', permission: 'FncListarCaixa' },
];

export const SETTINGS_MENU: MenuGroup[] = [
  {
    title: 'Empresa',
    groupPermission: null,
    entries: [
      { label: 'Filiais', path: '/branch', permission: 'FncListarFilial' },
      { label: 'Configuração da filial', path: '/branch/config', permission: 'FncListarFilial' },
      { label: 'Usuários', path: '/user', permission: 'FncListarUsuario' },
      { label: 'Perfis', path: '/profile', permission: 'FncListarPerfil' },
    ],
  },
  {
    title: 'Financeiro',
    groupPermission: 'ViewConfigFinanceira',
    entries: [
      { label: 'Meios de pagamento', path: '/paymentMethod', permission: 'FncListarMeioPagamento' },
      { label: 'Parcelamentos', path: '/installment', permission: 'FncParcelamento' },
      { label: 'Operadoras de cartão', path: '/cardOperators', permission: 'ViewOperadoraCartao' },
      { label: 'Contas bancárias', path: '/bankAccount', permission: 'ViewContasBancarias' },
      { label: 'Configuração de boletos', path: '/demandConfig', permission: 'FncVerBoletos' },
      { label: 'Centros de custo', path: '/costDepartament', permission: 'FncCadastrarCentroCusto' },
      { label: 'Plano de contas', path: '/accountsPlan', permission: 'FncCadastrarPlanoConta' },
    ],
  },
  {
    title: 'Fiscal',
    groupPermission: 'ViewFiscal',
    entries: [
      { label: 'Cenários fiscais', path: '/fiscalScenario', permission: 'FncListarCenarioFiscal' },
      { label: 'Séries fiscais', path: '/fiscalSerie', permission: 'FncListarSerieFiscal' },
      // 002 §2 gives it no permission: the Fiscal group's guards it (docs/decisions.md).
      { label: 'Informações adicionais', path: '/additionalInformation', permission: 'ViewFiscal' },
    ],
  },
  {
    title: 'Comercial',
    groupPermission: 'ViewComercial',
    entries: [
      { label: 'Tabelas de preço', path: '/table-price', permission: 'FncListarTabelaPreco' },
      { label: 'Promoções', path: '/promotion', permission: 'FncListarPromocao' },
      { label: 'Grupos de comissão', path: '/commission', permission: 'FncListarGrupoComissao' },
      { label: 'Indexadores de preço', path: '/indexer', permission: 'ViewIndexadorPreco' },
      // 002 §2 lists the price configuration and the readjust among the screens without paths nor permissions: ours,
      // under the price tables' permission (docs/decisions.md, "Price configuration and price readjust").
      { label: 'Configurações de preço', path: '/price-configuration', permission: 'FncListarTabelaPreco' },
      { label: 'Reajuste de preços', path: '/price-readjust', permission: 'FncListarTabelaPreco' },
    ],
  },
  {
    title: 'Logística',
    groupPermission: null,
    entries: [
      { label: 'Endereços de estoque', path: '/stockAddress', permission: 'FncListarMovimentacaoEstoque' },
      { label: 'Tipos de movimentação', path: '/stockMovementType', permission: 'FncListarMovimentacaoEstoque' },
    ],
  },
  {
    title: 'Geral',
    groupPermission: null,
    entries: [
      { label: 'Etiquetas', path: '/label', permission: 'FncListarEtiqueta' },
      { label: 'Dispositivos', path: '/devices', permission: 'FncListarDispositivos' },
      { label: 'Importação de dados', path: '/dataImport', permission: 'FncImportarDados' },
    ],
  },
];

/** The groups of the permission editor (profile screen), in order. */
export const PERMISSION_GROUPS = [
  'Vendas',
  'Cadastros',
  'Estoque',
  'Financeiro',
  'Fiscal',
  'Comercial',
  'Empresa',
  'Geral',
  'Autorizações de supervisor',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export interface PermissionInfo {
  rotulo: string;
  descricao: string;
  grupo: PermissionGroup;
}

/**
 * Every permission label the product knows, with a pt-BR description and its group (the profile screen's permission
 * editor, the demo seed). Every label the menus and the route table use is here (permission-catalogue.test.ts).
 */
export const PERMISSION_CATALOGUE: readonly PermissionInfo[] = [
  { rotulo: 'FncPontoVenda', descricao: 'Ponto de venda', grupo: 'Vendas' },
  { rotulo: 'FncListarPedido', descricao: 'Pedidos', grupo: 'Vendas' },
  { rotulo: 'FncListarNotaFiscal', descricao: 'Notas fiscais', grupo: 'Vendas' },
  { rotulo: 'FncListarCaixa', descricao: 'Caixa', grupo: 'Vendas' },
  { rotulo: 'FncVerValoresEsperadosCaixa', descricao: 'Caixa: ver os valores esperados na apuração', grupo: 'Vendas' },
  { rotulo: 'FncReabrirCaixa', descricao: 'Caixa: reabrir um caixa fechado', grupo: 'Vendas' },
  { rotulo: 'FncListarProduto', descricao: 'Produtos', grupo: 'Cadastros' },
  { rotulo: 'FncListarCategoria', descricao: 'Categorias', grupo: 'Cadastros' },
  { rotulo: 'FncListarMarca', descricao: 'Marcas', grupo: 'Cadastros' },
  { rotulo: 'FncListarColecao', descricao: 'Coleções', grupo: 'Cadastros' },
  { rotulo: 'FncListarUnidadeMedida', descricao: 'Unidades de medida', grupo: 'Cadastros' },
  { rotulo: 'FncListarAtributo', descricao: 'Atributos', grupo: 'Cadastros' },
  { rotulo: 'FncListarClassificacao', descricao: 'Classificações', grupo: 'Cadastros' },
  { rotulo: 'FncListarServico', descricao: 'Serviços', grupo: 'Cadastros' },
  { rotulo: 'FncListarPessoa', descricao: 'Pessoas', grupo: 'Cadastros' },
  { rotulo: 'FncListarMovimentacaoEstoque', descricao: 'Movimentação, endereços e tipos de movimentação de estoque', grupo: 'Estoque' },
  { rotulo: 'FncListarDocumentoFinanceiro', descricao: 'Documentos financeiros', grupo: 'Financeiro' },
  { rotulo: 'ViewConfigFinanceira', descricao: 'Configurações financeiras', grupo: 'Financeiro' },
  { rotulo: 'FncListarMeioPagamento', descricao: 'Meios de pagamento', grupo: 'Financeiro' },
  { rotulo: 'FncParcelamento', descricao: 'Parcelamentos', grupo: 'Financeiro' },
  { rotulo: 'ViewOperadoraCartao', descricao: 'Operadoras de cartão', grupo: 'Financeiro' },
  { rotulo: 'ViewContasBancarias', descricao: 'Contas bancárias', grupo: 'Financeiro' },
  { rotulo: 'FncVerBoletos', descricao: 'Boletos', grupo: 'Financeiro' },
  { rotulo: 'FncCadastrarCentroCusto', descricao: 'Centros de custo', grupo: 'Financeiro' },
  { rotulo: 'FncCadastrarPlanoConta', descricao: 'Plano de contas', grupo: 'Financeiro' },
  { rotulo: 'ViewFiscal', descricao: 'Configurações fiscais', grupo: 'Fiscal' },
  { rotulo: 'FncListarCenarioFiscal', descricao: 'Cenários fiscais', grupo: 'Fiscal' },
  { rotulo: 'FncListarSerieFiscal', descricao: 'Séries fiscais', grupo: 'Fiscal' },
  { rotulo: 'ViewComercial', descricao: 'Configurações comerciais', grupo: 'Comercial' },
  { rotulo: 'FncListarTabelaPreco', descricao: 'Tabelas de preço', grupo: 'Comercial' },
  { rotulo: 'FncListarPromocao', descricao: 'Promoções', grupo: 'Comercial' },
  { rotulo: 'FncListarGrupoComissao', descricao: 'Grupos de comissão', grupo: 'Comercial' },
  { rotulo: 'ViewIndexadorPreco', descricao: 'Indexadores de preço', grupo: 'Comercial' },
  { rotulo: 'FncListarFilial', descricao: 'Filiais', grupo: 'Empresa' },
  { rotulo: 'FncListarUsuario', descricao: 'Usuários', grupo: 'Empresa' },
  { rotulo: 'FncListarPerfil', descricao: 'Perfis', grupo: 'Empresa' },
  { rotulo: 'FncListarEtiqueta', descricao: 'Etiquetas (modelos de etiqueta)', grupo: 'Geral' },
  { rotulo: 'FncListarDispositivos', descricao: 'Dispositivos', grupo: 'Geral' },
  { rotulo: 'FncImportarDados', descricao: 'Importação de dados', grupo: 'Geral' },
  { rotulo: MANAGER_PERMISSIONS.giftCardCredit, descricao: 'Vale crédito sem venda (crédito do gerente)', grupo: 'Autorizações de supervisor' },
  ...SUPERVISOR_PERMISSION_CATALOGUE.map((p) => ({ ...p, grupo: 'Autorizações de supervisor' as const })),
];

/** The catalogue's labels. */
export const PERMISSION_LABELS: ReadonlySet<string> = new Set(PERMISSION_CATALOGUE.map((p) => p.rotulo));

/** Every label the menus name (null entries need none). */
export function menuPermissionLabels(): string[] {
  const entries = [...MAIN_MENU, ...SETTINGS_MENU.flatMap((g) => g.entries)];
  const groups = SETTINGS_MENU.map((g) => g.groupPermission);
  return [...new Set([...entries.map((e) => e.permission), ...groups].filter((l): l is string => l !== null))];
}

/** Entries of a menu visible under a predicate (the ability check). */
export function visibleEntries(entries: readonly MenuEntry[], allowed: (label: string | null) => boolean): MenuEntry[] {
  return entries.filter((entry) => allowed(entry.permission));
}

export function visibleSettings(groups: readonly MenuGroup[], allowed: (label: string | null) => boolean): MenuGroup[] {
  return groups
    .map((group) => ({ ...group, entries: visibleEntries(group.entries, allowed) }))
    .filter((group) => group.entries.length > 0);
}
