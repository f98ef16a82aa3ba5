/**
 * The branch's e-mail accounts (002 §7 branch-email): the list, a form to add or change one (the password is written,
 * never shown: left empty on a change it stays as it is), the one in use, delete, and a test send through the
 * account's SMTP server whose success or failure is said here, in pt-BR.
 */
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, NativeSelect, NumberInput, Paper, PasswordInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { SMTP_SECURITY, type EmailAccount } from '@pdv/contract/branch';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { confirm } from '../../ui/confirm.tsx';
import { toast } from '../../ui/toast.ts';
import { refusalText } from './files.ts';

interface Draft {
  id_filial_email: number | null;
  email: string;
  nome_remetente: string;
  servidor_smtp: string;
  porta: number;
  seguranca: (typeof SMTP_SECURITY)[number];
  usuario: string;
  senha: string;
}

const emptyDraft: Draft = {
  id_filial_email: null, email: '', nome_remetente: '', servidor_smtp: '', porta: 587, seguranca: 'STARTTLS', usuario: '', senha: '',
};

type Outcome = { ok: boolean; text: string } | null;

export function BranchEmails({ id_filial, readOnly }: { id_filial: number; readOnly: boolean }) {
  const [rows, setRows] = useState<EmailAccount[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);

  /** Bumped to read the list again after a change. */
  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);
  useEffect(() => {
    let live = true;
    call('branchEmailList', { id_filial }, { loading: false })
      .then((res) => live && setRows(res.rows))
      .catch((e: unknown) => live && setOutcome({ ok: false, text: refusalText(errorDisplayOf(e)) }));
    return () => {
      live = false;
    };
  }, [id_filial, version]);

  const act = async (action: () => Promise<unknown>, done: string | ((r: unknown) => string)) => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await action();
      const text = typeof done === 'string' ? done : done(result);
      setOutcome({ ok: true, text });
      toast.success(text);
      load();
      return true;
    } catch (e) {
      setOutcome({ ok: false, text: refusalText(errorDisplayOf(e)) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const save = async (d: Draft) => {
    const fields = {
      email: d.email, nome_remetente: d.nome_remetente || null, servidor_smtp: d.servidor_smtp, porta: d.porta, seguranca: d.seguranca,
      usuario: d.usuario || null,
    };
    const ok = await act(
      () => d.id_filial_email === null
        ? call('branchEmailCreate', { id_filial, ...fields, ...(d.senha ? { senha: d.senha } : {}) })
        : call('branchEmailUpdate', { id_filial_email: d.id_filial_email, ...fields, ...(d.senha ? { senha: d.senha } : {}) }),
      d.id_filial_email === null ? 'Conta de e-mail salva.' : 'Conta de e-mail atualizada.',
    );
    if (ok) setDraft(null);
  };

  const test = (account: EmailAccount) => {
    void act(() => call('branchEmailTest', { id_filial_email: account.id_filial_email, destinatario: to || account.email }),
      (r) => (r as { message: string }).message);
  };

  const remove = async (account: EmailAccount) => {
    if (!(await confirm(`Excluir a conta ${account.email}?`))) return;
    await act(() => call('branchEmailDelete', { id_filial_email: account.id_filial_email }), 'Conta de e-mail excluída.');
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Contas de e-mail (SMTP)</Text>
          {!readOnly && !draft && (
            <Button variant="light" onClick={() => setDraft(emptyDraft)}>
              Nova conta
            </Button>
          )}
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">Nenhuma conta de e-mail cadastrada.</Text>
        ) : (
          <Table striped aria-label="Contas de e-mail">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Servidor</Table.Th>
                <Table.Th>Segurança</Table.Th>
                <Table.Th>Senha</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id_filial_email}>
                  <Table.Td>
                    {r.email} {r.is_padrao && <Badge size="sm" variant="light">Em uso</Badge>}
                  </Table.Td>
                  <Table.Td>{`${r.servidor_smtp}:${r.porta}`}</Table.Td>
                  <Table.Td>{r.seguranca}</Table.Td>
                  <Table.Td>{r.possui_senha ? 'Cadastrada' : '—'}</Table.Td>
                  <Table.Td>
                    {!readOnly && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="subtle" disabled={busy} onClick={() => test(r)}>Testar</Button>
                        {!r.is_padrao && (
                          <Button size="xs" variant="subtle" disabled={busy}
                            onClick={() => void act(() => call('branchEmailUse', { id_filial_email: r.id_filial_email }), `${r.email} passou a ser a conta em uso.`)}>
                            Usar
                          </Button>
                        )}
                        <Button size="xs" variant="subtle" disabled={busy} onClick={() => setDraft({
                          id_filial_email: r.id_filial_email, email: r.email, nome_remetente: r.nome_remetente ?? '', servidor_smtp: r.servidor_smtp,
                          porta: r.porta, seguranca: r.seguranca as Draft['seguranca'], usuario: r.usuario ?? '', senha: '',
                        })}>Editar</Button>
                        <Button size="xs" variant="subtle" color="red" disabled={busy} onClick={() => void remove(r)}>Excluir</Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {rows.length > 0 && !readOnly && (
          <TextInput label="Enviar o teste para" placeholder="E-mail da própria conta, se vazio" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={320} />
        )}
        {draft && <AccountForm draft={draft} busy={busy} onCancel={() => setDraft(null)} onSave={(d) => void save(d)} />}
        {outcome && (
          <Alert color={outcome.ok ? 'green' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function AccountForm({ draft, busy, onCancel, onSave }: { draft: Draft; busy: boolean; onCancel: () => void; onSave: (d: Draft) => void }) {
  const [d, setD] = useState(draft);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((v) => ({ ...v, [key]: value }));
  return (
    <Paper withBorder p="sm" bg="gray.0" component="section" aria-label="Conta de e-mail">
      <Stack gap="xs">
        <Group grow>
          <TextInput label="E-mail do remetente" required value={d.email} onChange={(e) => set('email', e.currentTarget.value)} data-autofocus autoFocus />
          <TextInput label="Nome do remetente" value={d.nome_remetente} onChange={(e) => set('nome_remetente', e.currentTarget.value)} />
        </Group>
        <Group grow>
          <TextInput label="Servidor SMTP" required value={d.servidor_smtp} onChange={(e) => set('servidor_smtp', e.currentTarget.value)} />
          <NumberInput label="Porta" required min={1} max={65535} allowDecimal={false} value={d.porta} onChange={(v) => set('porta', typeof v === 'number' ? v : Number(v) || 0)} />
          <NativeSelect label="Segurança" data={[...SMTP_SECURITY]} value={d.seguranca} onChange={(e) => set('seguranca', e.currentTarget.value as Draft['seguranca'])} />
        </Group>
        <Group grow>
          <TextInput label="Usuário" value={d.usuario} onChange={(e) => set('usuario', e.currentTarget.value)} />
          <PasswordInput
            label="Senha"
            placeholder={draft.id_filial_email === null ? '' : 'Deixe em branco para manter a atual'}
            value={d.senha}
            onChange={(e) => set('senha', e.currentTarget.value)}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Cancelar</Button>
          <Button loading={busy} onClick={() => onSave(d)}>Salvar conta</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
