/**
 * Preços: the product's own prices and, per variation, the active branch's cost, average cost, sale and wholesale
 * prices (the rows the point of sale sells from). A sale price outside the product's reduction and increase limits
 * is marked with the domain's words before saving. A saved variation's price history (who changed it, when; sorted
 * data_alteracao ascending, 002 §9) opens below.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Fieldset, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatMoney, fromDecimal, percentFromDecimal } from '@pdv/domain/money';
import { checkSalePrice } from '@pdv/domain/product-rules';
import { variationDescription } from '@pdv/domain/variation';
import { call } from '../../../api/client.ts';
import { useSignedIn } from '../../auth/sessionContext.ts';
import { Money } from '../fields.tsx';
import type { ProductTabProps } from '../product-tabs.tsx';
import { useProductForm, type GradeValues } from '../useProductForm.ts';

const dateTime = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function PriceHistory({ id }: { id: number }) {
  const history = useQuery({ queryKey: ['priceHistoryList', id], queryFn: () => call('priceHistoryList', { id_produto_grade_filial: id }) });
  const rows = history.data?.rows ?? [];
  return (
    <Table withTableBorder aria-label="Histórico de preços" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Alterado em</Table.Th>
          <Table.Th>Usuário</Table.Th>
          <Table.Th ta="right">Preço de venda</Table.Th>
          <Table.Th ta="right">Preço de atacado</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id_preco_historico}>
            <Table.Td>{dateTime(r.data_alteracao)}</Table.Td>
            <Table.Td>{r.usuario_nome ?? 'Sistema'}</Table.Td>
            <Table.Td ta="right">{formatMoney(fromDecimal(r.preco_venda))}</Table.Td>
            <Table.Td ta="right">{formatMoney(fromDecimal(r.preco_atacado))}</Table.Td>
          </Table.Tr>
        ))}
        {history.isSuccess && rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={4}><Text c="dimmed" ta="center">Nenhum preço registrado.</Text></Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}

export function PricesTab({ readOnly }: ProductTabProps) {
  const { values: v, set, saved } = useProductForm();
  const { session } = useSignedIn();
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const grades = v.grades ?? [];
  const branch = session.usuario.filial;
  const bp = (n: number | null | undefined) => (n === null || n === undefined || Number.isNaN(n) ? null : percentFromDecimal(n));
  const limits = { perc_max_reducao_preco_produto: bp(v.perc_max_reducao_preco_produto), perc_max_aumento_preco_produto: bp(v.perc_max_aumento_preco_produto) };
  const setGrade = (i: number, patch: Partial<GradeValues>) => set('grades', grades.map((g, j) => (j === i ? { ...g, ...patch } : g)));
  const applyToAll = () => set('grades', grades.map((g) => ({
    ...g, preco_venda: v.preco_venda ?? 0, preco_atacado: v.preco_atacado ?? 0, preco_custo: v.preco_custo ?? 0,
    preco_custo_medio: v.preco_custo_medio ?? 0,
  })));
  const gridId = (chave: string) => saved?.grades.find((g) => g.chave === chave)?.id_produto_grade_filial ?? null;

  return (
    <Stack gap="md">
      <Fieldset legend="Preços do produto">
        <SimpleGrid cols={{ base: 2, md: 6 }}>
          <Money label="Preço de compra" value={v.preco_compra} readOnly={readOnly} onChange={(n) => set('preco_compra', n)} />
          <Money label="Compra médio" value={v.preco_compra_medio} readOnly={readOnly} onChange={(n) => set('preco_compra_medio', n)} />
          <Money label="Preço de custo" value={v.preco_custo} readOnly={readOnly} onChange={(n) => set('preco_custo', n)} />
          <Money label="Custo médio" value={v.preco_custo_medio} readOnly={readOnly} onChange={(n) => set('preco_custo_medio', n)} />
          <Money label="Preço de venda" value={v.preco_venda} readOnly={readOnly} onChange={(n) => set('preco_venda', n)} />
          <Money label="Preço de atacado" value={v.preco_atacado} readOnly={readOnly} onChange={(n) => set('preco_atacado', n)} />
        </SimpleGrid>
      </Fieldset>
      <Group justify="space-between">
        <Text fw={700}>Preços na filial {branch.apelido ?? branch.nome_fantasia ?? branch.razao_social}</Text>
        {!readOnly && grades.length > 0 && <Button variant="light" onClick={applyToAll}>Aplicar os preços do produto a todas as variações</Button>}
      </Group>
      {grades.length === 0 ? (
        <Text c="dimmed">Ao salvar, o produto recebe os preços acima em todas as filiais.</Text>
      ) : (
        <Table withTableBorder aria-label="Preços por variação" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Variação</Table.Th>
              <Table.Th>Custo</Table.Th>
              <Table.Th>Custo médio</Table.Th>
              <Table.Th>Venda</Table.Th>
              <Table.Th>Atacado</Table.Th>
              <Table.Th>Histórico</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grades.map((g, i) => {
              const name = variationDescription(v.descricao, { descricao: g.descricao, is_padrao: g.is_padrao ?? false });
              const problem = checkSalePrice('Preço de venda', fromDecimal(v.preco_venda ?? 0), fromDecimal(g.preco_venda ?? 0), limits);
              const id = gridId(g.chave);
              return (
                <Table.Tr key={g.chave}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td><Money label="" aria-label={`Custo de ${name}`} value={g.preco_custo} readOnly={readOnly} onChange={(n) => setGrade(i, { preco_custo: n })} /></Table.Td>
                  <Table.Td><Money label="" aria-label={`Custo médio de ${name}`} value={g.preco_custo_medio} readOnly={readOnly} onChange={(n) => setGrade(i, { preco_custo_medio: n })} /></Table.Td>
                  <Table.Td>
                    <Money label="" aria-label={`Venda de ${name}`} value={g.preco_venda} readOnly={readOnly} onChange={(n) => setGrade(i, { preco_venda: n })} />
                    {problem && <Text c="red" size="xs">{problem}</Text>}
                  </Table.Td>
                  <Table.Td><Money label="" aria-label={`Atacado de ${name}`} value={g.preco_atacado} readOnly={readOnly} onChange={(n) => setGrade(i, { preco_atacado: n })} /></Table.Td>
                  <Table.Td>
                    {id !== null && (
                      <Button size="compact-xs" variant="subtle" onClick={() => setHistoryOf(historyOf === id ? null : id)}>
                        {historyOf === id ? 'Fechar' : 'Ver'}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {historyOf !== null && <PriceHistory id={historyOf} />}
    </Stack>
  );
}
