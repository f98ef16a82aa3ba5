/**
 * Refusals of the product register's own tabs (gallery, suppliers, fiscal scenarios, nutrition, ANP, kit; issue 20).
 * The spec quotes none of these texts but the image limit's subject ("an image that is not an image or is over
 * 5 MB"): they are ours, in the voice of REGISTER_MESSAGES.
 */
export const PRODUCT_TAB_MESSAGES = {
  imageNotImage: (nome: string) => `O arquivo "${nome}" não é uma imagem JPEG, PNG, WebP ou GIF.`,
  imageTooLarge: (nome: string) => `A imagem "${nome}" ultrapassa o tamanho máximo de 5 MB.`,
  imageEmpty: 'Selecione uma imagem.',
  galleryFull: (max: number) => `A galeria do produto aceita no máximo ${max} imagens.`,
  galleryOrderOutOfRange: (max: number) => `Ordem inválida: informe uma posição de 1 a ${max}.`,
  supplierNotSupplier: 'Fornecedor: a pessoa informada não está marcada como fornecedor.',
  supplierTwice: 'Este fornecedor já está vinculado ao produto.',
  supplierCodeTaken: (produto: string) => `Este código do fornecedor já está vinculado ao produto "${produto}".`,
  fiscalScenarioTwice: 'Este cenário fiscal já está vinculado ao produto.',
  fiscalScenarioNotFound: 'Cenário fiscal: registro não encontrado.',
  anpGasSum: 'A soma dos percentuais de GLP e gás natural não pode passar de 100%.',
  kitComponentIsKit: (descricao: string) => `O produto "${descricao}" é um kit e não pode ser componente de outro kit.`,
  kitComponentIsSelf: 'Um kit não pode ser componente dele mesmo.',
  kitComponentTwice: (descricao: string) => `A variação "${descricao}" aparece mais de uma vez no kit.`,
  kitComponentNotFound: 'Componente: variação não encontrada.',
  kitIsComponent: (descricao: string) => `Este produto é componente do kit "${descricao}" e não pode ter componentes.`,
  kitComponentNotInBranch: (descricao: string) => `O componente "${descricao}" do kit não está cadastrado nesta filial.`,
  openingVariationNotFound: 'Variação: registro não encontrado neste produto.',
  openingVariationNotInBranch: (descricao: string) => `A variação "${descricao}" não está cadastrada nesta filial.`,
  openingAddressNotFound: 'Endereço de estoque: registro não encontrado nesta filial.',
  openingVariationTwice: (descricao: string) => `A variação "${descricao}" aparece mais de uma vez na entrada.`,
  openingDone: (n: number) => (n === 1 ? 'Entrada de estoque lançada.' : `Entrada de estoque lançada para ${n} variações.`),
} as const;

/** Limits of the gallery: the file size the spec names (5 MB) and a count that keeps the tab usable. */
export const GALLERY_MAX_BYTES = 5 * 1024 * 1024;
export const GALLERY_MAX_IMAGES = 20;
/** The longest side of a thumbnail, in pixels. */
export const GALLERY_THUMBNAIL_SIZE = 256;
/** Said by the browser before sending, and by the server's schema when the base64 text is longer than 5 MB of bytes. */
export const GALLERY_SIZE_MESSAGES = {
  imageOver5Mb: 'A imagem ultrapassa o tamanho máximo de 5 MB.',
} as const;
