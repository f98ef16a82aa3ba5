/** Texts of the main search (the spec quotes none; ours, in the same voice). */
export const SEARCH_TEXTS = {
  placeholder: 'Pesquisar (Ctrl+K)',
  label: 'Pesquisa principal',
  groups: {
    shortcuts: 'Atalhos',
    settings: 'Configurações',
    products: 'Produtos',
    people: 'Pessoas',
    orders: 'Pedidos',
    invoices: 'Notas fiscais',
  },
  settingsGroup: 'Configurações',
  newOrder: 'Novo pedido',
  newInvoice: 'Nova nota fiscal',
  offline: 'Sem conexão: pesquisados somente online.',
  searching: 'Pesquisando...',
  failed: 'Não foi possível pesquisar agora. Tente novamente.',
  nothing: 'Nenhum resultado.',
  hint: '↑/↓ para escolher, Enter para abrir, Esc para fechar',
  order: (nsu: number) => `Pedido ${nsu}`,
  invoice: (numero: number | null, modelo: string) =>
    numero === null ? `Nota fiscal (rascunho, modelo ${modelo})` : `Nota fiscal ${numero} (modelo ${modelo})`,
  noCustomer: 'Sem cliente',
} as const;
