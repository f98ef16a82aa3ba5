import { describe, expect, it } from 'vitest';
import { TransitionError } from './errors.ts';
import {
  OPERATION_STATES,
  applyServerReport,
  canEditDraft,
  canTransition,
  transition,
  type DraftLockFacts,
  type OperationState,
  type OperationStatus,
} from './operation-state.ts';

const op = (situacao: OperationState, erro: string | null = null): OperationStatus & { id: string } => ({
  id: 'a',
  situacao,
  erro,
});

describe('operation lifecycle', () => {
  it('follows the happy path from edit to processed', () => {
    const processing = transition(op('EmEdicao'), 'EmProcessamento');
    expect(processing).toEqual({ id: 'a', situacao: 'EmProcessamento', erro: null });
    expect(transition(processing, 'Processado').situacao).toBe('Processado');
  });

  it('goes to pending when offline, straight from edit or while processing', () => {
    expect(transition(op('EmEdicao'), 'Pendente').situacao).toBe('Pendente');
    expect(transition(op('EmProcessamento'), 'Pendente')).toMatchObject({ situacao: 'Pendente', erro: null });
  });

  it('keeps the message of a failure', () => {
    expect(transition(op('EmProcessamento'), 'Erro', ' Falha de rede ')).toMatchObject({
      situacao: 'Erro',
      erro: 'Falha de rede',
    });
  });

  it('refuses to move to error without a message', () => {
    expect(() => transition(op('EmProcessamento'), 'Erro')).toThrow(RangeError);
    expect(() => transition(op('EmProcessamento'), 'Erro', '  ')).toThrow(RangeError);
  });

  it('sends pending and failed operations again and clears the old message', () => {
    expect(transition(op('Pendente', 'x'), 'EmProcessamento')).toMatchObject({
      situacao: 'EmProcessamento',
      erro: null,
    });
    expect(transition(op('Erro', 'x'), 'EmProcessamento').erro).toBeNull();
  });

  it('reopens pending and failed operations for editing', () => {
    expect(transition(op('Pendente'), 'EmEdicao').situacao).toBe('EmEdicao');
    expect(transition(op('Erro', 'x'), 'EmEdicao').situacao).toBe('EmEdicao');
  });

  it('throws on transitions the lifecycle does not allow', () => {
    const refused: Array<[OperationState, OperationState]> = [
      ['EmEdicao', 'Processado'],
      ['EmEdicao', 'Erro'],
      ['Processado', 'EmEdicao'],
      ['Processado', 'EmProcessamento'],
      ['EmProcessamento', 'EmEdicao'],
      ['Pendente', 'Erro'],
    ];
    for (const [from, to] of refused) {
      expect(canTransition(from, to), `${from} -> ${to}`).toBe(false);
      expect(() => transition(op(from), to, 'm')).toThrow(TransitionError);
    }
  });

  it('never allows staying in the same state through a transition', () => {
    for (const state of OPERATION_STATES) expect(canTransition(state, state)).toBe(false);
  });
});

describe('applyServerReport', () => {
  it('completes an operation on a report without errors, whether processing, pending or failed', () => {
    for (const state of ['EmProcessamento', 'Pendente', 'Erro'] as const) {
      expect(applyServerReport(op(state, 'old'), { erros: [] }, false)).toMatchObject({
        situacao: 'Processado',
        erro: null,
      });
    }
  });

  it('sets the operation back to pending with the errors of the report', () => {
    expect(applyServerReport(op('EmProcessamento'), { erros: ['Sem estoque', 'Série inválida'] }, false)).toMatchObject(
      {
        situacao: 'Pendente',
        erro: 'Sem estoque\nSérie inválida',
      },
    );
    expect(applyServerReport(op('Processado'), { erros: ['Rejeição 225'] }, false).situacao).toBe('Pendente');
    expect(applyServerReport(op('Pendente', 'a'), { erros: ['b'] }, false)).toMatchObject({
      situacao: 'Pendente',
      erro: 'b',
    });
  });

  it('leaves an operation being edited in edit, with the message', () => {
    expect(applyServerReport(op('EmEdicao'), { erros: ['Falhou'] }, true)).toMatchObject({
      situacao: 'EmEdicao',
      erro: 'Falhou',
    });
    expect(applyServerReport(op('EmEdicao'), { erros: ['Falhou'] }, false).situacao).toBe('Pendente');
  });

  it('changes nothing for a success about an operation in edit or already processed', () => {
    const editing = op('EmEdicao');
    expect(applyServerReport(editing, { erros: [] }, true)).toBe(editing);
    const done = op('Processado');
    expect(applyServerReport(done, { erros: ['  '] }, false)).toBe(done);
  });
});

describe('canEditDraft', () => {
  const draft = (over: Partial<DraftLockFacts> = {}): DraftLockFacts => ({
    origem: 'Pedido',
    situacao: 'EmEdicao',
    id_pedidos_vinculados: [],
    situacao_pedido: null,
    situacao_nota_fiscal: null,
    ...over,
  });

  it('lets a new or open draft be edited', () => {
    expect(canEditDraft(draft())).toBe(true);
    for (const s of ['Edicao', 'Liberado', 'RetornoCliente', 'NotaPendente'] as const) {
      expect(canEditDraft(draft({ situacao_pedido: s })), s).toBe(true);
    }
    for (const s of ['EmEdicao', 'Rejeitada', 'Importada'] as const) {
      expect(canEditDraft(draft({ origem: 'NotaFiscal', situacao_nota_fiscal: s })), s).toBe(true);
    }
  });

  it('locks a draft with linked orders or while it is processing', () => {
    expect(canEditDraft(draft({ id_pedidos_vinculados: [7] }))).toBe(false);
    expect(canEditDraft(draft({ situacao: 'EmProcessamento' }))).toBe(false);
  });

  it('locks an order draft whose order is closed, invoiced, awaiting completion or with the customer', () => {
    for (const s of ['Cancelado', 'Concluida', 'Faturado', 'AguardandoConclusao', 'EnviadoCliente'] as const) {
      expect(canEditDraft(draft({ situacao_pedido: s })), s).toBe(false);
    }
  });

  it('locks an invoice draft whose invoice is authorised, cancelled, processing or importing', () => {
    for (const s of ['Autorizada', 'Cancelada', 'EmProcessamento', 'EmImportacao'] as const) {
      expect(canEditDraft(draft({ origem: 'NotaFiscal', situacao_nota_fiscal: s })), s).toBe(false);
    }
  });

  it('judges each origin by its own document only', () => {
    expect(canEditDraft(draft({ origem: 'NotaFiscal', situacao_pedido: 'Faturado' }))).toBe(true);
    expect(canEditDraft(draft({ origem: 'Pedido', situacao_nota_fiscal: 'Autorizada' }))).toBe(true);
  });
});
