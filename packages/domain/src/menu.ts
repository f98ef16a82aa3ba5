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
  { label: 'Produtos', path: '/products', permission: 'FncListarProduto', pending: true },
  { label: 'Categorias', path: '/categories', permission: 'FncListarCategoria', pending: true },
  { label: 'Marcas', path: '/brands', permission: 'FncListarMarca' },
  { label: 'Coleções', path: '/collections', permission: 'FncListarColecao' },
  { label: 'Unidades de medida', path: '/measureUnit', permission: 'FncListarUnidadeMedida' },
  { label: 'Pessoas', path: '/people', permission: 'FncListarPessoa', pending: true },
  { label: 'Movimentação de estoque', path: '/stockMovement', permission: 'FncListarMovimentacaoEstoque', pending: true },
  { label: 'Documentos financeiros', path: '/documentFinancial', permission: 'FncListarDocumentoFinanceiro', pending: true },
  { label: 'Caixa', path: '/cashier', permission: 'FncListarCaixa', pending: true },
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
      { label: 'Configuração de boletos', path: '/demandConfig', permission: 'FncVerBoletos', pending: true },
      { label: 'Centros de custo', path: '/costDepartament', permission: 'FncCadastrarCentroCusto' },
      { label: 'Plano de contas', path: '/accountsPlan', permission: 'FncCadastrarPlanoConta' },
    ],
  },
  {
    title: 'Fiscal',
    groupPermission: 'ViewFiscal',
    entries: [
      { label: 'Cenários fiscais', path: '/fiscalScenario', permission: 'FncListarCenarioFiscal', pending: true },
      { label: 'Séries fiscais', path: '/fiscalSerie', permission: 'FncListarSerieFiscal', pending: true },
      { label: 'Informações adicionais', path: '/additionalInformation', permission: null, pending: true },
    ],
  },
  {
    title: 'Comercial',
    groupPermission: 'ViewComercial',
    entries: [
      { label: 'Tabelas de preço', path: '/table-price', permission: 'FncListarTabelaPreco', pending: true },
      { label: 'Promoções', path: '/promotion', permission: 'FncListarPromocao', pending: true },
      { label: 'Grupos de comissão', path: '/commission', permission: 'FncListarGrupoComissao', pending: true },
      { label: 'Indexadores de preço', path: '/indexer', permission: 'ViewIndexadorPreco', pending: true },
    ],
  },
  {
    title: 'Logística',
    groupPermission: null,
    entries: [
      { label: 'Endereços de estoque', path: '/stockAddress', permission: 'FncListarMovimentacaoEstoque', pending: true },
      { label: 'Tipos de movimentação', path: '/stockMovementType', permission: 'FncListarMovimentacaoEstoque', pending: true },
    ],
  },
  {
    title: 'Geral',
    groupPermission: null,
    entries: [
      { label: 'Etiquetas', path: '/label', permission: null, pending: true },
      { label: 'Dispositivos', path: '/devices', permission: 'FncListarDispositivos', pending: true },
      { label: 'Importação de dados', path: '/dataImport', permission: 'FncImportarDados', pending: true },
    ],
  },
];

/** Every permission label the product knows, with a pt-BR description (for profile screens and the demo seed). */
export const PERMISSION_CATALOGUE: ReadonlyArray<{ rotulo: string; descricao: string }> = [
  { rotulo: 'FncPontoVenda', descricao: 'Ponto de venda' },
  { rotulo: 'FncListarPedido', descricao: 'Pedidos' },
  { rotulo: 'FncListarNotaFiscal', descricao: 'Notas fiscais' },
  { rotulo: 'FncListarProduto', descricao: 'Produtos' },
  { rotulo: 'FncListarCategoria', descricao: 'Categorias' },
  { rotulo: 'FncListarMarca', descricao: 'Marcas' },
  { rotulo: 'FncListarColecao', descricao: 'Coleções' },
  { rotulo: 'FncListarUnidadeMedida', descricao: 'Unidades de medida' },
  { rotulo: 'FncListarPessoa', descricao: 'Pessoas' },
  { rotulo: 'FncListarMovimentacaoEstoque', descricao: 'Movimentação de estoque' },
  { rotulo: 'FncListarDocumentoFinanceiro', descricao: 'Documentos financeiros' },
  { rotulo: 'FncListarCaixa', descricao: 'Caixa' },
  { rotulo: 'FncListarFilial', descricao: 'Filiais' },
  { rotulo: 'FncListarUsuario', descricao: 'Usuários' },
  { rotulo: 'FncListarPerfil', descricao: 'Perfis' },
  { rotulo: 'ViewConfigFinanceira', descricao: 'Configurações financeiras' },
  { rotulo: 'FncListarMeioPagamento', descricao: 'Meios de pagamento' },
  { rotulo: 'FncParcelamento', descricao: 'Parcelamentos' },
  { rotulo: 'ViewOperadoraCartao', descricao: 'Operadoras de cartão' },
  { rotulo: 'ViewContasBancarias', descricao: 'Contas bancárias' },
  { rotulo: 'FncVerBoletos', descricao: 'Boletos' },
  { rotulo: 'FncCadastrarCentroCusto', descricao: 'Centros de custo' },
  { rotulo: 'FncCadastrarPlanoConta', descricao: 'Plano de contas' },
  { rotulo: 'ViewFiscal', descricao: 'Configurações fiscais' },
  { rotulo: 'FncListarCenarioFiscal', descricao: 'Cenários fiscais' },
  { rotulo: 'FncListarSerieFiscal', descricao: 'Séries fiscais' },
  { rotulo: 'ViewComercial', descricao: 'Configurações comerciais' },
  { rotulo: 'FncListarTabelaPreco', descricao: 'Tabelas de preço' },
  { rotulo: 'FncListarPromocao', descricao: 'Promoções' },
  { rotulo: 'FncListarGrupoComissao', descricao: 'Grupos de comissão' },
  { rotulo: 'ViewIndexadorPreco', descricao: 'Indexadores de preço' },
  { rotulo: 'FncListarDispositivos', descricao: 'Dispositivos' },
  { rotulo: 'FncImportarDados', descricao: 'Importação de dados' },
  { rotulo: MANAGER_PERMISSIONS.giftCardCredit, descricao: 'Vale crédito sem venda (crédito do gerente)' },
  ...SUPERVISOR_PERMISSION_CATALOGUE,
];

/** Entries of a menu visible under a predicate (the ability check). */
export function visibleEntries(entries: readonly MenuEntry[], allowed: (label: string | null) => boolean): MenuEntry[] {
  return entries.filter((entry) => allowed(entry.permission));
}

export function visibleSettings(groups: readonly MenuGroup[], allowed: (label: string | null) => boolean): MenuGroup[] {
  return groups
    .map((group) => ({ ...group, entries: visibleEntries(group.entries, allowed) }))
    .filter((group) => group.entries.length > 0);
}
