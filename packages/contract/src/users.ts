/** The user calls besides the register's: reset_password (by a manager) and change-password (by the user). */
import { z } from 'zod';
import { id } from './common.ts';
import { newPassword } from './registers/user.ts';
import { sessionUser } from './session.ts';

/** senha absent: the server makes a temporary password and answers it once. */
export const resetPasswordBody = z.object({ id_usuario: id, senha: newPassword.optional() }).strict();
/** senha_temporaria: the password made by the server (null when the manager set it). */
export const resetPasswordResult = z.object({ id_usuario: z.number().int(), solicitar_nova_senha: z.literal(true), senha_temporaria: z.string().nullable() });

export const changePasswordBody = z
  .object({
    senha_atual: z.string({ error: 'Informe a senha atual.' }).min(1, { error: 'Informe a senha atual.' }).max(200),
    nova_senha: newPassword,
  })
  .strict();
export const changePasswordResult = z.object({ usuario: sessionUser });
