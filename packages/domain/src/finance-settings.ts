/**
 * Rules of the financial settings registers (002 §3 Financial configuration) that are not one field's format: payment
 * methods, installment plans, card operators, and the cost-centre and chart-of-accounts trees.
 */

export const FINANCE_SETTINGS_MESSAGES = {
  shortcutInUse: (tecla: string, descricao: string) => `A tecla de atalho ${tecla} já é usada pelo meio de pagamento "${descricao}".`,
  forcedInstallmentsUnused: 'Para deixar de utilizar o parcelamento, desmarque também "Obrigar parcelamento".',
  adjustmentTypeRequired: 'Informe se o ajuste é percentual ou em valor.',
  adjustmentPercentTooHigh: 'O ajuste percentual pode ser no máximo 100%.',
  branchNotFound: 'Filial não encontrada.',
  accountNotFound: 'Conta bancária não encontrada.',
  cardOperatorNotFound: 'Operadora de cartão não encontrada.',
  installmentPlanNotFound: 'Parcelamento não encontrado.',
  personNotFound: 'Pessoa não encontrada.',
  installmentNumberRepeated: (parcela: number) => `A parcela ${parcela} aparece mais de uma vez.`,
  installmentDaysOrder: 'Os dias das parcelas devem crescer de uma parcela para a seguinte.',
  installmentsRequired: 'Informe ao menos uma parcela.',
  oneDefaultBranch: 'Só uma filial pode ser a padrão do parcelamento.',
  defaultBranchTaken: (filial: string, plano: string) => `A filial ${filial} já tem "${plano}" como parcelamento padrão.`,
  rateInstallmentRepeated: (parcela: number) => `A taxa da parcela ${parcela} aparece mais de uma vez.`,
  parentNotFound: 'Registro pai não encontrado.',
  parentIsItself: 'Um registro não pode ser pai de si mesmo.',
  parentIsDescendant: 'O registro pai escolhido está abaixo deste na árvore: um registro não pode ficar abaixo de si mesmo.',
  hasChildren: 'Este registro tem registros abaixo dele na árvore: exclua ou mova-os antes.',
} as const;

/** A tree node's displayed reference: its parent's followed by its own position ('1.2' + 3 → '1.2.3'). */
export function displayReference(parentReference: string | null, position: number): string {
  return parentReference ? `${parentReference}.${position}` : String(position);
}

/**
 * Whether making `parent` the parent of `node` would put the node below itself: `parentOf` gives each id's parent
 * (null at a root). The walk stops on a cycle already stored (it cannot loop).
 */
export function wouldCycle(node: number, parent: number | null, parentOf: (id: number) => number | null): boolean {
  const seen = new Set<number>();
  for (let at = parent; at !== null; at = parentOf(at)) {
    if (at === node) return true;
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}
