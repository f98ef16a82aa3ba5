/**
 * Remessa and retorno of an account's boletos (001 §4 Boleto, §5, §7 /demand/update-remessa): generate the remessa of
 * the pending boletos of the account (they become RemessaGerada) and download its file; upload the bank's retorno,
 * which settles the paid documents once and records the rejections, and read its report line by line. The same file
 * again settles nothing.
 */
import { useState } from 'react';
import { Alert, Button, Drawer, FileInput, Group, List, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { RetornoResult } from '@pdv/contract/boleto';
import type { BoletoRemessaAnswer, BoletoRetornoAnswer } from '@pdv/contract/connector';
import { BOLETO_CONNECTOR_MESSAGES } from '@pdv/domain/boleto-connector';
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import { BOLETO_MESSAGES } from '@pdv/domain/boleto';
import { MESSAGES } from '@pdv/domain/messages';
import { call } from '../../api/client.ts';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { money } from '../invoice/display.tsx';
import { RefSelect } from '../registers/RefSelect.tsx';
import { BoletoConnectorChoice, useBoletoDevice } from './BoletoConnectorChoice.tsx';
import { postToConnector, type ConnectorDevice } from './boletoConnector.ts';

/**
 * The remessa through the connector: the server hands the pending boletos and the next file number, the connector
 * writes the file, the server stores it when it is the file it would write (then the boletos are RemessaGerada).
 */
async function remessaThroughConnector(device: ConnectorDevice, id_conta: number) {
  const req = await call('demandConnectorRemessa', { id_conta });
  const answer = await postToConnector<BoletoRemessaAnswer>(device, '/boleto/gerar_remessa', req);
  if (answer.Codigo !== 0 || !('remessa' in answer) || !answer.remessa) throw new Error(answer.Mensagem);
  return call('demandConnectorRemessaRecord', { id_conta, numero_remessa: req.numero_remessa, data_geracao: req.data_geracao, hora_geracao: req.hora_geracao, conteudo: answer.remessa });
}

/** The retorno read by the connector (its report for the shop); settling stays the server's (/demand/ler-retorno). */
async function readThroughConnector(device: ConnectorDevice, id_conta: number, retorno: string): Promise<string> {
  const header = await call('demandConnectorAccount', { id_conta });
  const answer = await postToConnector<BoletoRetornoAnswer>(device, '/boleto/ler_retorno', { ...header, retorno });
  if (answer.Codigo !== 0) throw new Error(answer.Mensagem);
  const read = answer as BoletoRetornoAnswer;
  return BOLETO_CONNECTOR_MESSAGES.retornoRead(read.itens?.length ?? 0, read.erros?.length ?? 0);
}

const CONTA: FieldDef = { kind: 'ref', ref: 'bankAccount', label: 'Conta bancária' };

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=us-ascii' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function RemessaDrawer({ opened, onClose, onChanged }: { opened: boolean; onClose: () => void; onChanged: () => void }) {
  const [conta, setConta] = useState<number | null>(null);
  const [busy, setBusy] = useState<'remessa' | 'retorno' | null>(null);
  const [remessa, setRemessa] = useState<{ nome_arquivo: string; conteudo: string; sequencia: number; quantidade: number } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<RetornoResult | null>(null);
  const [viaConnector, setViaConnector] = useState(false);
  const [device, setDevice] = useBoletoDevice();
  const [connectorRead, setConnectorRead] = useState<string | null>(null);
  const connector = viaConnector ? device : null;

  const generate = async () => {
    if (!conta) return toast.warning(MESSAGES.accountRequired);
    if (viaConnector && !device) return toast.warning(BOLETO_CONNECTOR_MESSAGES.chooseDevice);
    setBusy('remessa');
    try {
      const r = connector ? await remessaThroughConnector(connector, conta) : await call('demandUpdateRemessa', { id_conta: conta });
      setRemessa(r);
      download(r.nome_arquivo, r.conteudo);
      onChanged();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };
  const upload = async () => {
    if (!conta) return toast.warning(MESSAGES.accountRequired);
    if (!file) return toast.warning(BOLETO_MESSAGES.fileMissing);
    if (viaConnector && !device) return toast.warning(BOLETO_CONNECTOR_MESSAGES.chooseDevice);
    setBusy('retorno');
    setConnectorRead(null);
    try {
      const conteudo = await file.text();
      if (connector) setConnectorRead(await readThroughConnector(connector, conta, conteudo));
      const r = await call('demandRetorno', { id_conta: conta, nome_arquivo: file.name, conteudo });
      setReport(r);
      if (r.baixados > 0) onChanged();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title="Remessa e retorno de boletos" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Stack gap="md">
        <RefSelect name="id_conta" field={CONTA} label="Conta bancária" value={conta} onChange={setConta} error={undefined} withAsterisk={false} readOnly={false} />
        <Switch label="Pelo conector local" checked={viaConnector} onChange={(e) => setViaConnector(e.currentTarget.checked)} />
        {viaConnector && <BoletoConnectorChoice device={device} onChange={setDevice} />}
        <Stack gap="xs">
          <Title order={3} size="h5">Remessa</Title>
          <Group>
            <Button onClick={() => void generate()} loading={busy === 'remessa'}>Gerar remessa</Button>
            {remessa && <Button variant="light" onClick={() => download(remessa.nome_arquivo, remessa.conteudo)}>Baixar {remessa.nome_arquivo}</Button>}
          </Group>
          {remessa && <Text size="sm" aria-label="Remessa gerada">Remessa {remessa.sequencia} gerada com {remessa.quantidade} boleto(s).</Text>}
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">Retorno</Title>
          <Group align="flex-end">
            <FileInput label="Arquivo de retorno" placeholder="Escolha o arquivo .RET" value={file} onChange={setFile} clearable style={{ flex: 1 }} />
            <Button onClick={() => void upload()} loading={busy === 'retorno'}>Processar retorno</Button>
          </Group>
          {connectorRead && <Text size="sm" aria-label="Leitura do conector">{connectorRead}</Text>}
          {report && <Report r={report} />}
        </Stack>
      </Stack>
    </Drawer>
  );
}

function Report({ r }: { r: RetornoResult }) {
  return (
    <Stack gap="xs" aria-label="Relatório do retorno">
      {r.ja_processado && <Alert color="yellow" variant="light">{BOLETO_MESSAGES.retornoAlreadyProcessed}</Alert>}
      {!r.ja_processado && !r.aplicado && <Alert color="red" variant="light" title="Nada foi aplicado">O arquivo tem problemas: corrija-os e envie de novo.</Alert>}
      <Text size="sm" data-retorno-resumo>Documentos baixados: {r.baixados} · Rejeições: {r.rejeitados}</Text>
      {r.erros.length > 0 && <List size="sm" aria-label="Problemas do arquivo">{r.erros.map((e, i) => <List.Item key={i}>{e.mensagem.startsWith('Linha ') ? e.mensagem : `Linha ${e.linha}: ${e.mensagem}`}</List.Item>)}</List>}
      <Table withTableBorder verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr><Table.Th>Linha</Table.Th><Table.Th>Nosso número</Table.Th><Table.Th>Ocorrência</Table.Th><Table.Th ta="right">Pago</Table.Th><Table.Th ta="right">Juros</Table.Th><Table.Th>Resultado</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.itens.map((i) => (
            <Table.Tr key={i.linha}>
              <Table.Td>{i.linha}</Table.Td><Table.Td>{i.nosso_numero}</Table.Td><Table.Td>{i.ocorrencia} {i.descricao}{i.motivos.length ? ` (${i.motivos.join(', ')})` : ''}</Table.Td>
              <Table.Td ta="right">{money(i.valor_pago)}</Table.Td><Table.Td ta="right">{money(i.juros)}</Table.Td><Table.Td>{i.resultado}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
