/**
 * Importação de dados (002 §2 /dataImport): choose what to import (products or people), pick a CSV or XLSX file, check
 * the first rows and how the columns map to the fields (matched by header name; each a select), start, follow the
 * progress bar, and read (or download as CSV) the report of the rows refused, by line and column.
 */
import { Alert, Button, FileInput, Group, Progress, ScrollArea, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { downloadReport } from './report.ts';
import { useDataImport } from './useDataImport.ts';

const NOT_IMPORTED = '';

export function DataImportPage() {
  const s = useDataImport();
  const { preview, job } = s;
  const columns = (preview?.cabecalho ?? []).map((h, i) => ({ value: String(i), label: h === '' ? `Coluna ${i + 1}` : h }));
  const running = job?.situacao === 'Processando';
  const percent = job && job.total > 0 ? Math.round((job.processadas / job.total) * 100) : 0;

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">Importação de dados</Title>
      <Group align="end" gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="import-kind-label">Tipo de dados</Text>
          <SegmentedControl
            aria-labelledby="import-kind-label"
            value={s.kind}
            onChange={(v) => s.setKind(v)}
            data={[{ value: 'produto', label: 'Produtos' }, { value: 'pessoa', label: 'Pessoas' }]}
            disabled={running}
          />
        </Stack>
        <FileInput
          label="Planilha (CSV ou XLSX)"
          placeholder="Escolher arquivo"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={s.file}
          onChange={s.chooseFile}
          clearable
          disabled={running}
          w={360}
          data-autofocus
        />
      </Group>

      {s.error && (
        <Alert color="red" title="Não foi possível continuar">
          <Text size="sm">{s.error.text}</Text>
          {s.error.details.map((d) => <Text size="sm" key={d}>{d}</Text>)}
        </Alert>
      )}

      {preview && (
        <>
          <Text size="sm" c="dimmed">
            {preview.total_linhas} {preview.total_linhas === 1 ? 'linha' : 'linhas'} de dados ({preview.formato.toUpperCase()}). Primeiras linhas:
          </Text>
          <ScrollArea type="auto" offsetScrollbars>
            <Table striped withTableBorder withColumnBorders aria-label="Prévia da planilha" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Linha</Table.Th>
                  {preview.cabecalho.map((h, i) => <Table.Th key={i}>{h}</Table.Th>)}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.linhas.map((row, r) => (
                  <Table.Tr key={r}>
                    <Table.Td>{r + 2}</Table.Td>
                    {row.map((cell, c) => <Table.Td key={c}>{cell}</Table.Td>)}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>

          <Title order={2} size="h4">Associação das colunas</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            {preview.campos.map((f) => (
              <Select
                key={f.campo}
                label={f.rotulo}
                withAsterisk={f.obrigatorio}
                data={[{ value: NOT_IMPORTED, label: '(não importar)' }, ...columns]}
                value={s.mapping[f.campo] === null || s.mapping[f.campo] === undefined ? NOT_IMPORTED : String(s.mapping[f.campo])}
                onChange={(v) => s.setColumn(f.campo, v === null || v === NOT_IMPORTED ? null : Number(v))}
                allowDeselect={false}
                disabled={running}
              />
            ))}
          </SimpleGrid>
          <Group>
            <Button onClick={s.start} loading={s.busy} disabled={running}>Iniciar importação</Button>
          </Group>
        </>
      )}

      {job && (
        <Stack gap="xs">
          <Progress value={percent} size="xl" aria-label="Progresso da importação" animated={running} />
          <Text size="sm" role="status">
            {job.processadas} de {job.total} linhas processadas · {job.gravadas} gravadas · {job.erros.length} com erro
            {job.situacao === 'Concluida' ? ' · Importação concluída' : ''}
          </Text>
          {job.mensagem && <Alert color="red">{job.mensagem}</Alert>}
        </Stack>
      )}

      {job && job.erros.length > 0 && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4">Linhas com erro</Title>
            <Button variant="light" onClick={() => downloadReport(job.erros, job.nome_arquivo)}>Baixar relatório (CSV)</Button>
          </Group>
          <Table striped withTableBorder aria-label="Relatório de erros" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Linha</Table.Th>
                <Table.Th>Coluna</Table.Th>
                <Table.Th>Mensagem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {job.erros.map((e, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{e.linha}</Table.Td>
                  <Table.Td>{e.coluna}</Table.Td>
                  <Table.Td>{e.mensagem}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}
