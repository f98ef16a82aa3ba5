/**
 * Stock documents (documento_estoque, 001 §3 "Stock document", 002 §2 /stockMovement): an entry, an exit or a
 * transfer between two stock addresses of one branch, with a header (movement type, date, note) and items (variation,
 * address, destination address of a transfer, quantity, unit cost). Quantities are integer thousandths, money centavos.
 *
 * - Kind: a movement type whose tipo_operacao is Transferencia makes a transfer; otherwise its operacao (Entrada or
 *   Saida) says whether the goods come in or go out (`documentKind`).
 * - States (002 §4: situacao 0 by default, then processed): 0 Pendente (a draft: edited, deleted, processed),
 *   1 Processado (its movements are in the stock; never edited, only cancelled), 2 Cancelado (final). Cancelling a
 *   draft writes nothing; cancelling a processed document creates its counter-document (`counterDocument`): a new
 *   document of the opposite kind, already processed, carrying the opposite movements, linked both ways; the original
 *   only becomes Cancelado (`transition`). A counter-document is never cancelled itself (`counterNotCancellable`).
 * - Movements (`movementsOf`): an entry adds each quantity at its address, an exit takes it out, a transfer takes it
 *   out of the origin and adds it at the destination; a reversal is the same list with the signs turned. Lines of the
 *   same (variation, address) are netted into one, sorted by (variation, address): the stock owner changes rows in a
 *   fixed order.
 */
import { ValidationError } from './errors.ts';
import { MESSAGES } from './messages.ts';
import { multiplyByQuantity, sum, type Cents, type Milli } from './money.ts';

export const STOCK_DOCUMENT_MESSAGES = {
  notFound: 'Documento de estoque não encontrado.',
  noItems: 'Informe ao menos um item no documento de estoque.',
  destinationMissing: 'Endereço de destino não selecionado.',
  sameAddress: 'O endereço de destino deve ser diferente do endereço de origem.',
  destinationNotTransfer: 'Só uma transferência tem endereço de destino.',
  alreadyProcessed: 'Este documento de estoque já foi processado.',
  alreadyCancelled: 'Este documento de estoque já está cancelado.',
  editNotPending: 'Só é possível alterar um documento de estoque pendente.',
  deleteNotPending: 'Só é possível excluir um documento de estoque pendente. Cancele-o para estornar as movimentações.',
  typeNotFound: 'Tipo de movimentação de estoque não encontrado.',
  typeInactive: 'O tipo de movimentação de estoque está inativo.',
  addressNotFound: 'Endereço de estoque não encontrado nesta filial.',
  variationNotFound: 'Produto não encontrado nesta filial.',
  processed: 'Documento de estoque processado com sucesso.',
  cancelled: 'Documento de estoque cancelado com sucesso.',
  branchNotFound: 'Filial de destino não encontrada.',
  sameBranch: 'A filial de destino deve ser diferente da filial de origem.',
  branchAddressIncomplete: 'Endereço (UF) da filial de origem ou de destino não informado.',
  destinationBranchNoAddress: 'A filial de destino não tem endereço de estoque.',
  variationNotInDestination: (descricao: string) => `O produto ${descricao} não está cadastrado na filial de destino.`,
  transferInvoiceNotCancelled: (numero: number | null) =>
    `Cancele a NF-e de transferência${numero === null ? '' : ` nº ${numero}`} antes de estornar a transferência, ou faça a transferência de volta a partir da filial de destino.`,
  transferInvoiceRejected: (message: string) => `Transferência não processada: a NF-e não foi autorizada. ${message}`,
  counterNotCancellable: (original: number) =>
    `Este documento é o estorno do documento ${original} e não pode ser cancelado. Lance um novo documento de estoque se precisar movimentar de novo.`,
  /** The list's and the screen's link between a reversed document and its counter-document. */
  reversedBy: (id: number) => `Estornado pelo documento ${id}`,
  reversalOf: (id: number) => `Estorno do documento ${id}`,
  /** The stock balance of a branch the user may not work in (or of another organization). */
  branchNotAllowed: 'Você não tem acesso ao estoque desta filial.',
} as const;

export type StockDocumentKind = 'Entrada' | 'Saida' | 'Transferencia';

export const STOCK_DOCUMENT_SITUATION = { Pendente: 0, Processado: 1, Cancelado: 2 } as const;
export type StockDocumentSituation = (typeof STOCK_DOCUMENT_SITUATION)[keyof typeof STOCK_DOCUMENT_SITUATION];
export const STOCK_DOCUMENT_SITUATION_LABELS: Readonly<Record<StockDocumentSituation, string>> = {
  0: 'Pendente',
  1: 'Processado',
  2: 'Cancelado',
};
export const STOCK_DOCUMENT_KIND_LABELS: Readonly<Record<StockDocumentKind, string>> = {
  Entrada: 'Entrada',
  Saida: 'Saída',
  Transferencia: 'Transferência',
};

/** The kind of document a movement type makes. */
export function documentKind(type: { operacao: string; tipo_operacao: string }): StockDocumentKind {
  if (type.tipo_operacao === 'Transferencia') return 'Transferencia';
  return type.operacao === 'Saida' ? 'Saida' : 'Entrada';
}

export interface StockDocumentItem {
  id_produto_grade_filial: number;
  id_endereco_estoque: number | null;
  /** Transfers only: where the goods go. */
  id_endereco_estoque_destino: number | null;
  quantidade: Milli;
  /** Unit cost (entries); 0 when not informed. */
  valor_unitario: Cents;
}

/** Refuses an item list the kind cannot process, naming the line's field ('itens.2.quantidade'). */
export function validateItems(kind: StockDocumentKind, items: readonly StockDocumentItem[], toBranch = false): void {
  if (items.length === 0) throw new ValidationError(STOCK_DOCUMENT_MESSAGES.noItems, 'itens');
  items.forEach((item, i) => {
    if (!(item.quantidade > 0)) throw new ValidationError(MESSAGES.quantityNotPositive, `itens.${i}.quantidade`);
    if (item.valor_unitario < 0) throw new ValidationError(MESSAGES.itemValueNotPositive, `itens.${i}.valor_unitario`);
    if (item.id_endereco_estoque === null) throw new ValidationError(MESSAGES.stockAddressMissing, `itens.${i}.id_endereco_estoque`);
    // A transfer to another branch enters the goods at the destination branch's address (resolved there when processed).
    if (kind === 'Transferencia' && toBranch) {
      if (item.id_endereco_estoque_destino !== null) {
        throw new ValidationError(STOCK_DOCUMENT_MESSAGES.destinationNotTransfer, `itens.${i}.id_endereco_estoque_destino`);
      }
    } else if (kind === 'Transferencia') {
      if (item.id_endereco_estoque_destino === null) {
        throw new ValidationError(STOCK_DOCUMENT_MESSAGES.destinationMissing, `itens.${i}.id_endereco_estoque_destino`);
      }
      if (item.id_endereco_estoque_destino === item.id_endereco_estoque) {
        throw new ValidationError(STOCK_DOCUMENT_MESSAGES.sameAddress, `itens.${i}.id_endereco_estoque_destino`);
      }
    } else if (item.id_endereco_estoque_destino !== null) {
      throw new ValidationError(STOCK_DOCUMENT_MESSAGES.destinationNotTransfer, `itens.${i}.id_endereco_estoque_destino`);
    }
  });
}

/** A line's value: quantity times unit cost, rounded half-up to the centavo. */
export function itemTotal(item: Pick<StockDocumentItem, 'quantidade' | 'valor_unitario'>): Cents {
  return multiplyByQuantity(item.valor_unitario, item.quantidade);
}

export interface StockDocumentTotals {
  itens: number;
  quantidade_total: Milli;
  valor_total: Cents;
}

export function documentTotals(items: readonly Pick<StockDocumentItem, 'quantidade' | 'valor_unitario'>[]): StockDocumentTotals {
  return { itens: items.length, quantidade_total: sum(items.map((i) => i.quantidade)), valor_total: sum(items.map(itemTotal)) };
}

/** One signed change of one (variation, address): negative leaves the stock, positive enters it. */
export interface StockMove {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  quantidade: Milli;
}

/**
 * The movements a document makes when processed (`reverse` false) or cancelled after processing (`reverse` true):
 * netted per (variation, address), zero nets dropped, sorted by (variation, address).
 */
export function movementsOf(kind: StockDocumentKind, items: readonly StockDocumentItem[], reverse: boolean): StockMove[] {
  const sign = reverse ? -1 : 1;
  const net = new Map<string, StockMove>();
  const add = (id_produto_grade_filial: number, id_endereco_estoque: number, quantidade: Milli) => {
    const key = `${id_produto_grade_filial}:${id_endereco_estoque}`;
    const m = net.get(key) ?? { id_produto_grade_filial, id_endereco_estoque, quantidade: 0 };
    m.quantidade += quantidade;
    net.set(key, m);
  };
  for (const item of items) {
    if (item.id_endereco_estoque === null) throw new ValidationError(MESSAGES.stockAddressMissing);
    if (kind === 'Entrada') add(item.id_produto_grade_filial, item.id_endereco_estoque, sign * item.quantidade);
    else add(item.id_produto_grade_filial, item.id_endereco_estoque, -sign * item.quantidade);
    if (kind === 'Transferencia') {
      if (item.id_endereco_estoque_destino === null) throw new ValidationError(STOCK_DOCUMENT_MESSAGES.destinationMissing);
      add(item.id_produto_grade_filial, item.id_endereco_estoque_destino, sign * item.quantidade);
    }
  }
  return [...net.values()]
    .filter((m) => m.quantidade !== 0)
    .sort((a, b) => a.id_produto_grade_filial - b.id_produto_grade_filial || a.id_endereco_estoque - b.id_endereco_estoque);
}

export type StockDocumentAction = 'edit' | 'delete' | 'process' | 'cancel';

/**
 * What an action does from a state: the next state and whether movements are written (process: forward; cancel of a
 * processed document: reversed). Refuses with the pt-BR reason otherwise.
 */
export function transition(
  situacao: StockDocumentSituation, action: StockDocumentAction,
): { next: StockDocumentSituation; moves: 'forward' | 'reverse' | 'none' } {
  const { Pendente, Processado, Cancelado } = STOCK_DOCUMENT_SITUATION;
  if (situacao === Cancelado) throw new ValidationError(STOCK_DOCUMENT_MESSAGES.alreadyCancelled);
  switch (action) {
    case 'edit':
      if (situacao !== Pendente) throw new ValidationError(STOCK_DOCUMENT_MESSAGES.editNotPending);
      return { next: Pendente, moves: 'none' };
    case 'delete':
      if (situacao !== Pendente) throw new ValidationError(STOCK_DOCUMENT_MESSAGES.deleteNotPending);
      return { next: Pendente, moves: 'none' };
    case 'process':
      if (situacao !== Pendente) throw new ValidationError(STOCK_DOCUMENT_MESSAGES.alreadyProcessed);
      return { next: Processado, moves: 'forward' };
    case 'cancel':
      return { next: Cancelado, moves: situacao === Processado ? 'reverse' : 'none' };
  }
}

/**
 * The counter-document of a processed document (issue 22: "a processed document is reversed by a counter-document,
 * never edited"): the opposite kind (an entry's is an exit, an exit's an entry) with the same items and unit costs; a
 * transfer between addresses stays a transfer, from its destination back to its origin. A transfer between branches
 * keeps its lines (its movements in both branches are the original's reversed; the items say what was transferred).
 */
export function counterDocument(
  kind: StockDocumentKind, items: readonly StockDocumentItem[], toBranch = false,
): { operacao: StockDocumentKind; items: StockDocumentItem[] } {
  if (kind === 'Transferencia') {
    if (toBranch) return { operacao: kind, items: items.map((i) => ({ ...i })) };
    return {
      operacao: kind,
      items: items.map((i) => {
        if (i.id_endereco_estoque_destino === null) throw new ValidationError(STOCK_DOCUMENT_MESSAGES.destinationMissing);
        return { ...i, id_endereco_estoque: i.id_endereco_estoque_destino, id_endereco_estoque_destino: i.id_endereco_estoque };
      }),
    };
  }
  return { operacao: kind === 'Entrada' ? 'Saida' : 'Entrada', items: items.map((i) => ({ ...i })) };
}

/** What the list and the screen say of a document's link to its counter-document (null when it has none). */
export function reversalLink(d: { id_documento_estorno: number | null; id_documento_estornado: number | null }): string | null {
  if (d.id_documento_estorno !== null) return STOCK_DOCUMENT_MESSAGES.reversedBy(d.id_documento_estorno);
  if (d.id_documento_estornado !== null) return STOCK_DOCUMENT_MESSAGES.reversalOf(d.id_documento_estornado);
  return null;
}
