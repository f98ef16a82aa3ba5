/**
 * /invoice/sped (002 §2 "fiscal management SPED"; issue 32): the EFD ICMS/IPI of a branch and month. Keyboard first:
 * the branch field has the focus, Tab to the month (AAAA-MM, the previous month by default), Enter downloads. The
 * file is saved as the PVA reads it (ISO 8859-1, CRLF lines); the registers counted in its 9900 are shown after.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { SPED_MESSAGES as M, spedMonthRange } from '@pdv/domain/sped';
import { parseSped, spedBytes } from '@pdv/fiscal/sped/efd-icms-ipi';
import { call } from '../../api/client.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';

function previousMonth(today = new Date()): string {
  const d = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

function download(name: string, content: string) {
  const bytes = spedBytes(content);
  const url = URL.createObjectURL(new Blob([bytes.buffer as ArrayBuffer], { type: 'text/plain;charset=iso-8859-1' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function SpedPage() {
  const { session } = useSignedIn();
  const { usuario } = session;
  const branches = useMemo(() => usuario.filiais.map((f) => ({ value: String(f.id_filial), label: f.nome_fantasia ?? f.razao_social })), [usuario.filiais]);
  const [branch, setBranch] = useState<string | null>(String(usuario.id_filial_ativa));
  const [mes, setMes] = useState(previousMonth);
  const [inventario, setInventario] = useState(false);
  const [codigoReceita, setCodigoReceita] = useState('');
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<{ nome: string; linhas: number; counts: Array<[string, number]> } | null>(null);
  const monthError = mes && !spedMonthRange(mes) ? M.monthInvalid : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!branch) return toast.warning(M.branchInvalid);
    if (!spedMonthRange(mes)) return toast.warning(M.monthInvalid);
    setBusy(true);
    try {
      const r = await call('fiscalSped', { id_filial: Number(branch), mes, inventario, codigo_receita: codigoReceita });
      download(r.nome_arquivo, r.conteudo);
      const counts = parseSped(r.conteudo).filter((rec) => rec[0] === '9900').map((rec): [string, number] => [rec[1] ?? '', Number(rec[2])]);
      setLast({ nome: r.nome_arquivo, linhas: r.linhas, counts });
      toast.success(M.generated);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">Gestão fiscal — SPED</Title>
      <Text size="sm" c="dimmed">EFD ICMS/IPI da filial no mês: notas emitidas (NF-e e NFC-e), notas de entrada importadas e, se pedido, o inventário processado no mês (bloco H).</Text>
      <Paper withBorder p="md" component="form" onSubmit={(e: FormEvent) => void submit(e)} aria-label="Gerar SPED">
        <Group align="flex-end" wrap="wrap">
          <Select label="Filial" data={branches} value={branch} onChange={setBranch} allowDeselect={false} searchable data-autofocus autoFocus w={260} />
          <TextInput label="Mês (AAAA-MM)" value={mes} onChange={(e) => setMes(e.currentTarget.value.trim())} error={monthError} maxLength={7} w={140}
            placeholder="2026-10" inputMode="numeric" />
          <TextInput label="Código de receita do ICMS" description="E116 (do estado)" value={codigoReceita} onChange={(e) => setCodigoReceita(e.currentTarget.value)}
            maxLength={20} w={200} />
          <Checkbox label="Incluir inventário (bloco H)" checked={inventario} onChange={(e) => setInventario(e.currentTarget.checked)} mb={8} />
          <Button type="submit" loading={busy}>Baixar arquivo</Button>
        </Group>
      </Paper>
      {last && (
        <Paper withBorder p="md">
          <Text fw={600}>{last.nome}</Text>
          <Text size="sm" c="dimmed">{last.linhas} linhas · registros contados no 9900:</Text>
          <Table striped aria-label="Registros do arquivo" maw={360} mt="xs">
            <Table.Thead><Table.Tr><Table.Th>Registro</Table.Th><Table.Th ta="right">Quantidade</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {last.counts.map(([reg, n]) => (
                <Table.Tr key={reg}><Table.Td>{reg}</Table.Td><Table.Td ta="right">{n}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
