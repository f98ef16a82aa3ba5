/**
 * A shift closed offline with a difference above the branch's limit cannot ask a supervisor there and then (the
 * authorization is online only): the server closes it awaiting the approval (is_aguardando_autorizacao), and a
 * supervisor approves it later (who and when kept).
 */
export const sql = /* sql */ `
ALTER TABLE caixa ADD COLUMN is_aguardando_autorizacao boolean NOT NULL DEFAULT false;
ALTER TABLE caixa ADD COLUMN id_usuario_aprovacao_diferenca integer;
ALTER TABLE caixa ADD COLUMN data_aprovacao_diferenca timestamptz;
`;
