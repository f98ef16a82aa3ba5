/**
 * Refusals of the catalogue registers of 002 §3 (category tree, attribute items, services' prices). The spec quotes
 * none of these texts: they are ours, in the voice of REGISTER_MESSAGES.
 */
export const CATALOGUE_MESSAGES = {
  /** A category cannot hang under itself nor under one of its own sub-categories. */
  categoryCycle: 'Uma categoria não pode ficar dentro dela mesma nem de uma de suas subcategorias.',
  categoryDuplicate: (descricao: string) => `Já existe uma categoria "${descricao}" neste nível.`,
  attributeItemDuplicate: (descricao: string) => `O item "${descricao}" aparece mais de uma vez no atributo.`,
  attributeItemNotFound: (id: number) => `Item ${id} não pertence a este atributo.`,
  attributeItemInUse: (descricao: string) =>
    `O item "${descricao}" não pode ser removido: ele é usado em variações de produto.`,
  servicePriceTableDuplicate: 'Cada tabela de preço pode ter um só preço do serviço.',
  servicePriceTableNotFound: 'Tabela de preço: registro não encontrado.',
  servicePriceDefaultTwice: 'Somente um preço do serviço pode ser o padrão.',
} as const;
