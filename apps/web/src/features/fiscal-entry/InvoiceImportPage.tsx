/**
 * /invoice/import (002 §2 "invoice import from XML"; issue 32): the supplier's NF-e XML pasted or read from a file,
 * F9 reads it (the server checks the schema, the recipient and the key, finds the supplier and proposes each item's
 * product by the supplier's code or GTIN, with the net cost), each unmatched item gets its product by hand in the grid
 * (Enter searches, ↑/↓ choose), and F10 confirms: stock, average cost, payables and the invoice in one transaction.
 * State and calls: useInvoiceImport.ts.
 */
import { useRef } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Checkbox, FileButton, Group, Paper, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { DecimalInput } from '../../ui/MaskedInputs.tsx';
import { dateTime, documentText, money } from '../invoice/display.tsx';
import { KeyHint, ShortcutButton, useShortcuts } from '../invoice/shortcuts.tsx';
import { ProductPicker } from './ProductPicker.tsx';
import { useInvoiceImport } from './useInvoiceImport.ts';

const ORIGIN = { fornecedor: 'Código do fornecedor', gtin: 'GTIN', manual: 'Manual' } as const;

export function InvoiceImportPage() {
  const s = useInvoiceImport();
  const pickers = useRef<Array<HTMLInputElement | null>>([]);
  useShortcuts([
    ['F9', () => void s.read(), { inInputs: true }],
    ['F10', () => void s.confirm(), { inInputs: true }],
  ]);
  const p = s.preview;
  const focusNext = (index: number) => setTimeout(() => pickers.current[index + 1]?.focus(), 0);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">Importação de XML de NF-e</Title>
        <Group gap="md">
          <KeyHint keys="F9" label="Ler XML" />
          <KeyHint keys="F10" label="Confirmar importação" />
          <Anchor component={Link} to="/invoice/entries" size="sm">Notas de entrada</Anchor>
          <Anchor component={Link} to="/invoice/destined" size="sm">Notas destinadas</Anchor>
        </Group>
      </Group>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Textarea label="XML da nota fiscal" placeholder="Cole aqui o XML da NF-e do fornecedor, ou escolha o arquivo" autosize minRows={3} maxRows={6}
            value={s.xml} onChange={(e) => s.setXml(e.currentTarget.value)} autoFocus styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} />
          <Group justify="space-between">
            <Group>
              <FileButton accept=".xml,text/xml,application/xml" onChange={(f) => { if (f) void f.text().then(s.setXml); }}>
                {(props) => <Button {...props} variant="default">Escolher arquivo XML</Button>}
              </FileButton>
              <Checkbox label="PIS/COFINS não cumulativo (Lucro Real)" checked={s.pisCofins} onChange={(e) => s.togglePisCofins(e.currentTarget.checked)} />
            </Group>
            <Group>
              <ShortcutButton shortcut="F9" variant="default" loading={s.busy && !p} onClick={() => void s.read()}>Ler XML</ShortcutButton>
              <ShortcutButton shortcut="F10" disabled={!p} loading={s.busy && !!p} onClick={() => void s.confirm()}>Confirmar importação</ShortcutButton>
            </Group>
          </Group>
        </Stack>
      </Paper>

      {s.imported && (
        <Alert color="green" variant="light" title={`NF-e ${s.imported.numero}/${s.imported.serie} importada`}>
          <Text size="sm">
            {s.imported.fornecedor_nome} — {s.imported.itens.length} item(ns) em estoque (documento de estoque {s.imported.id_documento_estoque}),{' '}
            {s.imported.documentos_financeiros.length} conta(s) a pagar, custo líquido {money(s.imported.valor_custo_liquido)}.
          </Text>
        </Alert>
      )}

      {p && (
        <>
          <Paper withBorder p="sm" aria-label="Dados da nota fiscal">
            <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
              <Field label="Fornecedor" value={`${p.fornecedor.nome}${p.fornecedor.id_pessoa === null ? ' (será cadastrado)' : ''}`} />
              <Field label="CNPJ" value={documentText(p.fornecedor.cnpj)} />
              <Field label="Número / série" value={`${p.numero} / ${p.serie}`} />
              <Field label="Emissão" value={dateTime(p.data_emissao)} />
              <Field label="Valor total" value={money(p.valor_total)} />
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt="xs">Chave {p.chave_acesso}</Text>
            {p.duplicatas.length > 0 && (
              <Text size="sm" mt="xs">Duplicatas: {p.duplicatas.map((d) => `${d.numero} ${d.data_vencimento.split('-').reverse().join('/')} ${money(d.valor)}`).join(' · ')}</Text>
            )}
          </Paper>
          <Paper withBorder>
            <Table striped aria-label="Itens da nota fiscal">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th><Table.Th>Código</Table.Th><Table.Th>Descrição</Table.Th><Table.Th>Un.</Table.Th>
                  <Table.Th ta="right">Qtd.</Table.Th><Table.Th ta="right">Custo bruto</Table.Th><Table.Th ta="right">Créditos</Table.Th>
                  <Table.Th ta="right">Custo líquido</Table.Th><Table.Th w="28%">Produto</Table.Th><Table.Th w={110}>Multiplicador</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.itens.map((i, index) => {
                  const c = s.choices[i.n_item];
                  const auto = i.produto && c?.product?.id_produto_grade_filial === i.produto.id_produto_grade_filial;
                  return (
                    <Table.Tr key={i.n_item}>
                      <Table.Td>{i.n_item}</Table.Td>
                      <Table.Td>{i.codigo_fornecedor}</Table.Td>
                      <Table.Td><Text size="sm">{i.descricao}</Text>{i.gtin && <Text size="xs" c="dimmed">GTIN {i.gtin}</Text>}</Table.Td>
                      <Table.Td>{i.unidade}</Table.Td>
                      <Table.Td ta="right">{i.quantidade_comercial.toLocaleString('pt-BR')}</Table.Td>
                      <Table.Td ta="right">{money(i.valor_custo_bruto)}</Table.Td>
                      <Table.Td ta="right" title="ICMS + PIS/COFINS recuperáveis">{money(i.credito_icms + i.credito_pis_cofins)}</Table.Td>
                      <Table.Td ta="right">{money(i.valor_custo_liquido)}</Table.Td>
                      <Table.Td>
                        <ProductPicker ref={(el) => { pickers.current[index] = el; }} label={`Produto do item ${i.n_item}`} value={c?.product ?? null}
                          onPick={(product) => s.choose(i.n_item, { product })} onDone={() => focusNext(index)} />
                        {c?.product
                          ? <Badge size="xs" variant="light" color={auto ? 'blue' : 'grape'}>{auto && i.produto ? ORIGIN[i.produto.origem] : ORIGIN.manual}</Badge>
                          : <Badge size="xs" variant="light" color="red">Não vinculado</Badge>}
                      </Table.Td>
                      <Table.Td>
                        <DecimalInput size="xs" decimals={3} aria-label={`Multiplicador do item ${i.n_item}`} value={c?.multiplicador ?? null}
                          onChange={(v) => s.choose(i.n_item, { multiplicador: v })} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
          <Text size="xs" c="dimmed">
            O custo líquido desconta os créditos que a filial recupera (ICMS no regime normal, PIS/COFINS no não cumulativo; nada no Simples).
            Multiplicador: unidades de estoque em uma unidade comercial do fornecedor (vazio: a unidade logística do produto, ou 1).
          </Text>
        </>
      )}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" fw={500}>{value}</Text>
    </Stack>
  );
}
