/**
 * F1: the selected line's product, read from the local copy: SKU, barcodes, unit, NCM, brand and category, retail and
 * wholesale prices, stock per address of the branch, and the product's grid (each variation's price and stock, the
 * line's own highlighted). Read only; Esc closes.
 */
import { useEffect, useState } from 'react';
import { Badge, Drawer, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, formatQuantity } from '@pdv/domain/money';
import { localDb } from '../../../db/database.ts';
import { loadProductInfo, type ProductInfo } from '../productInfo.ts';

interface Props {
  opened: boolean;
  /** The selected line's variation (null: no line selected). */
  idGradeFilial: number | null;
  idFilial: number;
  onClose: () => void;
}

export function ProductInfoPanel(props: Props) {
  return (
    <Drawer opened={props.opened} onClose={props.onClose} position="right" size="lg" title="Informações do produto (F1)">
      {props.opened && <ProductInfoBody idGradeFilial={props.idGradeFilial} idFilial={props.idFilial} />}
    </Drawer>
  );
}

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" aria-label={label}>
        {value ?? '—'}
      </Text>
    </div>
  );
}

function ProductInfoBody({ idGradeFilial, idFilial }: { idGradeFilial: number | null; idFilial: number }) {
  const [info, setInfo] = useState<ProductInfo | null | 'loading'>(idGradeFilial === null ? null : 'loading');
  useEffect(() => {
    if (idGradeFilial === null) return;
    let current = true;
    loadProductInfo(localDb(), idGradeFilial, idFilial)
      .then((loaded) => {
        if (current) setInfo(loaded);
      })
      .catch((error: unknown) => {
        console.error('Falha ao ler as informações do produto', error);
        if (current) setInfo(null);
      });
    return () => {
      current = false;
    };
  }, [idGradeFilial, idFilial]);

  if (idGradeFilial === null) return <Text c="dimmed">Selecione um item da venda para ver as informações do produto.</Text>;
  if (info === 'loading') return <Loader size="sm" aria-label="Carregando" />;
  if (info === null) return <Text c="red">Produto não encontrado na cópia local.</Text>;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {info.descricao}
        </Title>
        {info.variacao && <Text c="dimmed">Variação: {info.variacao}</Text>}
      </div>
      <SimpleGrid cols={3} spacing="sm">
        <Field label="SKU" value={info.sku} />
        <Field label="Código de barras" value={info.codigos.join(', ') || null} />
        <Field label="Unidade" value={info.unidade} />
        <Field label="NCM" value={info.codigo_ncm} />
        <Field label="Marca" value={info.marca} />
        <Field label="Categoria" value={info.categoria} />
      </SimpleGrid>
      <Group gap="xl" align="flex-start">
        <div>
          <Text size="xs" c="dimmed">
            Preço de varejo
          </Text>
          <Text fw={700} size="lg" aria-label="Preço de varejo">
            {formatMoney(info.preco_venda)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Preço de atacado
          </Text>
          <Text fw={700} size="lg" aria-label="Preço de atacado">
            {formatMoney(info.preco_atacado)}
          </Text>
          {info.quantidade_atacarejo !== null && (
            <Text size="xs" c="dimmed">
              a partir de {formatQuantity(info.quantidade_atacarejo)} {info.unidade ?? 'un.'}
            </Text>
          )}
        </div>
      </Group>
      <div>
        <Text fw={500} mb={4}>
          Estoque por endereço
        </Text>
        <Table aria-label="Estoque por endereço" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Endereço</Table.Th>
              <Table.Th ta="right">Estoque</Table.Th>
              <Table.Th ta="right">Reservado</Table.Th>
              <Table.Th ta="right">Disponível</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {info.estoque.map((s) => (
              <Table.Tr key={s.id_endereco_estoque}>
                <Table.Td>{s.endereco}</Table.Td>
                <Table.Td ta="right">{formatQuantity(s.quantidade)}</Table.Td>
                <Table.Td ta="right">{formatQuantity(s.reserva)}</Table.Td>
                <Table.Td ta="right" fw={500}>
                  {formatQuantity(s.disponivel)}
                </Table.Td>
              </Table.Tr>
            ))}
            {info.estoque.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4} c="dimmed">
                  Sem estoque registrado nesta filial.
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </div>
      <div>
        <Text fw={500} mb={4}>
          Grade do produto
        </Text>
        <Table aria-label="Grade do produto" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Variação</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>Código de barras</Table.Th>
              <Table.Th ta="right">Preço</Table.Th>
              <Table.Th ta="right">Disponível</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {info.grade.map((v) => (
              <Table.Tr
                key={v.id_produto_grade_filial}
                aria-current={v.id_produto_grade_filial === info.id_produto_grade_filial}
                bg={v.id_produto_grade_filial === info.id_produto_grade_filial ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Table.Td>
                  {v.descricao}
                  {v.id_produto_grade_filial === info.id_produto_grade_filial && (
                    <Badge size="xs" ml={6} variant="light">
                      na venda
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td c="dimmed">{v.sku ?? ''}</Table.Td>
                <Table.Td c="dimmed">{v.codigo_barras ?? ''}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(v.preco_venda)}
                </Table.Td>
                <Table.Td ta="right">{formatQuantity(v.disponivel)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}
