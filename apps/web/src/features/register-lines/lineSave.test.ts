import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { refusalsOf, removeLine, saveLine, type SendLine } from './lineSave.ts';

interface Form {
  descricao: string;
}

const EMPTY: Form = { descricao: '' };
const required = (form: Form) => (form.descricao.trim() === '' ? ['Informe a descrição.'] : []);

/** The state the hook keeps, with the setters it hands to saveLine/removeLine. */
function makeLine(form: Form = { descricao: 'Troca de tela' }, editing: number | null = null) {
  const state = { form, editing, errors: [] as string[], busy: false, busySeen: [] as boolean[] };
  const setErrors = (errors: string[]) => {
    state.errors = errors;
  };
  const setBusy = (busy: boolean) => {
    state.busy = busy;
    state.busySeen.push(busy);
  };
  const reset = () => {
    state.form = EMPTY;
    state.editing = null;
    state.errors = [];
  };
  const save = (send: SendLine<Form, number>) =>
    saveLine({ ...state, errorsOf: required, send, setErrors, setBusy, reset });
  return { state, save, setErrors, reset };
}

function refusal(body: ApiError['body']) {
  return new ApiError('http', 400, body, 'Erro 400 ao comunicar com o servidor.', 'orderServiceSave');
}

describe('saveLine (the save of a register line form)', () => {
  it('refuses an invalid form with its messages and sends nothing', async () => {
    const line = makeLine({ descricao: '  ' });
    const sent: Form[] = [];
    await line.save((form) => void sent.push(form));
    expect(sent).toEqual([]);
    expect(line.state.errors).toEqual(['Informe a descrição.']);
    expect(line.state.busySeen).toEqual([]);
  });

  it('sends a new line without an id and clears the form once it went through', async () => {
    const line = makeLine();
    const sent: Array<[Form, number | undefined]> = [];
    await line.save((form, id) => void sent.push([form, id]));
    expect(sent).toEqual([[{ descricao: 'Troca de tela' }, undefined]]);
    expect(line.state.form).toEqual(EMPTY);
    expect(line.state.busySeen).toEqual([true, false]);
  });

  it('sends the id of the line being edited and leaves edit mode after the save', async () => {
    const line = makeLine({ descricao: 'Troca de bateria' }, 17);
    const ids: Array<number | undefined> = [];
    await line.save(async (_, id) => {
      await Promise.resolve();
      ids.push(id);
    });
    expect(ids).toEqual([17]);
    expect(line.state.editing).toBeNull();
  });

  it("shows the server's list of errors and keeps what was typed", async () => {
    const line = makeLine();
    await line.save(() => {
      throw refusal({ message: 'Dados inválidos.', erros: ['O valor do item tem que ser maior que 0.', ''] });
    });
    expect(line.state.errors).toEqual(['O valor do item tem que ser maior que 0.']);
    expect(line.state.form).toEqual({ descricao: 'Troca de tela' });
    expect(line.state.busy).toBe(false);
  });

  it("shows the server's one text when the refusal has no list", async () => {
    const line = makeLine();
    await line.save(() => Promise.reject(refusal({ message: 'Pedido não encontrado.' })));
    expect(line.state.errors).toEqual(['Pedido não encontrado.']);
  });

  it('keeps the form when the send says nothing was written', async () => {
    const line = makeLine({ descricao: 'PIX' }, 4);
    await line.save(() => Promise.resolve(false));
    expect(line.state.form).toEqual({ descricao: 'PIX' });
    expect(line.state.editing).toBe(4);
    expect(line.state.busySeen).toEqual([true, false]);
  });

  it('ignores a second save while one is in flight', async () => {
    const line = makeLine();
    line.state.busy = true;
    let calls = 0;
    await line.save(() => {
      calls += 1;
    });
    expect(calls).toBe(0);
    expect(line.state.form).toEqual({ descricao: 'Troca de tela' });
  });
});

describe('removeLine (the remove button of a line)', () => {
  it('sends nothing when the user answers no to the confirm', async () => {
    const line = makeLine();
    let sent = false;
    await removeLine({
      id: 3,
      editing: null,
      ask: () => Promise.resolve(false),
      send: () => {
        sent = true;
      },
      setErrors: line.setErrors,
      reset: line.reset,
    });
    expect(sent).toBe(false);
  });

  it('removes after a yes, and clears the form when it held the removed line', async () => {
    const line = makeLine({ descricao: 'Troca de tela' }, 3);
    const removed: number[] = [];
    await removeLine({
      id: 3,
      editing: 3,
      ask: () => Promise.resolve(true),
      send: () => void removed.push(3),
      setErrors: line.setErrors,
      reset: line.reset,
    });
    expect(removed).toEqual([3]);
    expect(line.state.form).toEqual(EMPTY);
    expect(line.state.editing).toBeNull();
  });

  it('keeps the form of another line being edited, and removes at once when the tab does not ask', async () => {
    const line = makeLine({ descricao: 'Troca de bateria' }, 8);
    const removed: number[] = [];
    await removeLine({
      id: 3,
      editing: 8,
      send: () => void removed.push(3),
      setErrors: line.setErrors,
      reset: line.reset,
    });
    expect(removed).toEqual([3]);
    expect(line.state.form).toEqual({ descricao: 'Troca de bateria' });
    expect(line.state.editing).toBe(8);
  });

  it("shows the server's text when the removal is refused", async () => {
    const line = makeLine();
    await removeLine({
      id: 3,
      editing: null,
      send: () => Promise.reject(refusal({ message: 'Dados inválidos.', complement: 'Pedido já faturado.' })),
      setErrors: line.setErrors,
      reset: line.reset,
    });
    expect(line.state.errors).toEqual(['Pedido já faturado.']);
  });
});

describe('refusalsOf', () => {
  it('falls back to a neutral text for something that is not an API error', () => {
    expect(refusalsOf(new Error('falhou'))).toEqual(['falhou']);
  });
});
