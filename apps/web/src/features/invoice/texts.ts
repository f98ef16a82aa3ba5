/**
 * Texts of the invoice screens that the spec does not quote (ours, in the same voice). The spec's texts come from
 * FISCAL_MESSAGES (@pdv/domain/fiscal-messages) and are never retyped here.
 */
export const TEXTS = {
  listTitle: 'Notas fiscais',
  newTitle: 'Nova nota fiscal',
  editTitle: (n: number | string | null) => (n === null ? 'Nota fiscal (rascunho)' : `Nota fiscal ${n}`),
  readOnly: 'Esta nota não pode mais ser alterada: somente notas em edição ou rejeitadas podem ser editadas.',
  cancelTitle: (n: number | string) => `Cancelar a nota fiscal ${n}`,
  cancelManyTitle: (count: number) => `Cancelar ${count} nota(s) fiscal(is)`,
  cancelDescription: 'O cancelamento é registrado na SEFAZ e não pode ser desfeito.',
  correctionTitle: (n: number | string) => `Carta de correção da nota fiscal ${n}`,
  correctionDescription:
    'A carta de correção não pode alterar valores, impostos, dados cadastrais que mudem o destinatário nem a data de emissão.',
  disableTitle: (n: number | string) => `Inutilizar o número ${n}`,
  disableRangeTitle: 'Inutilizar faixa de numeração',
  justification: 'Justificativa',
  correction: 'Correção',
  confirmCancel: 'Cancelar nota',
  confirmCorrection: 'Registrar correção',
  confirmDisable: 'Inutilizar',
  deleteQuestion: (n: number | string) => `Excluir a nota fiscal ${n}? Esta ação não pode ser desfeita.`,
  deleted: 'Nota fiscal excluída.',
  cancelledMany: (count: number) => `${count} nota(s) fiscal(is) cancelada(s).`,
  printNoUrl: 'o servidor não informou o endereço do PDF.',
  contingencyTab: 'Contingência',
  listTab: 'Notas',
  contingencyEmpty: 'Nenhuma nota em contingência.',
  localCopyEmpty: (what: string) =>
    `A cópia local de ${what} está vazia nesta filial. A pesquisa usa a cópia local do modo PDV offline; aguarde a sincronização.`,
  discarded: 'Há alterações não salvas. Sair sem salvar?',
} as const;
