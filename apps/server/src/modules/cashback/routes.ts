/**
 * A customer's cashback history (POST /people_cashback/history; issue 30): the person must be the caller's
 * organization's (another organization's id answers 404 like a missing one); read FncListarPessoa (route table).
 */
import { toDecimal } from '@pdv/domain/money';
import type { Handlers } from '../../http/handlers.ts';
import { notFound } from '../../http/errors.ts';
import { cashbackHistory } from './service.ts';

export const cashbackHandlers = {
  peopleCashbackHistory: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    const { rows } = await tx.query<{ nome: string }>(
      'SELECT nome FROM pessoa WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL', [org, body.id_pessoa]);
    const person = rows[0];
    if (!person) throw notFound();
    const h = await cashbackHistory(tx, org, body.id_pessoa);
    return {
      id_pessoa: body.id_pessoa, nome: person.nome, saldo: toDecimal(h.saldo), disponivel: toDecimal(h.disponivel), bloqueado: toDecimal(h.bloqueado),
      lancamentos: h.lancamentos.map((e) => ({
        id_pessoa_cashback_lancamento: e.id_pessoa_cashback_lancamento, id_filial: e.id_filial, tipo: e.tipo, valor: toDecimal(e.valor),
        disponivel_em: e.disponivel_em, id_pedido: e.id_pedido, id_nota_fiscal: e.id_nota_fiscal, id_lancamento_origem: e.id_lancamento_origem,
        usuario: e.usuario, observacao: e.observacao, data_cadastro: e.data_cadastro,
      })),
    };
  },
} satisfies Partial<Handlers>;
