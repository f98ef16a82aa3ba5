/**
 * Geral: every field of 001 §3 Product. NCM and CEST typed through their masks (stored as digits), the next SKU from
 * the server, the measure unit choice applying the logistics-unit rule (useProductForm).
 */
import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { onlyDigits } from '@pdv/domain/product-rules';
import { call } from '../../../api/client.ts';
import { applyMask } from '../../../ui/masks.ts';
import { showError } from '../../../ui/showError.ts';
import { Decimal, Ref } from '../fields.tsx';
import type { ProductTabProps } from '../product-tabs.tsx';
import { useProductForm } from '../useProductForm.ts';

/** Origem da mercadoria (NF-e orig). */
const ORIGENS = [
  '0 - Nacional', '1 - Estrangeira, importação direta', '2 - Estrangeira, adquirida no mercado interno',
  '3 - Nacional, conteúdo de importação acima de 40%', '4 - Nacional, processos produtivos básicos',
  '5 - Nacional, conteúdo de importação até 40%', '6 - Estrangeira, importação direta sem similar nacional',
  '7 - Estrangeira, mercado interno sem similar nacional', '8 - Nacional, conteúdo de importação acima de 70%',
];
/** Tipo do item (SPED). */
const TIPOS_ITEM = [
  ['00', 'Mercadoria para revenda'], ['01', 'Matéria-prima'], ['02', 'Embalagem'], ['03', 'Produto em processo'],
  ['04', 'Produto acabado'], ['05', 'Subproduto'], ['06', 'Produto intermediário'], ['07', 'Material de uso e consumo'],
  ['08', 'Ativo imobilizado'], ['09', 'Serviços'], ['10', 'Outros insumos'], ['99', 'Outras'],
] as const;

export const maskNcm = (raw: string) => applyMask(onlyDigits(raw), '0000.00.00');
export const maskCest = (raw: string) => applyMask(onlyDigits(raw), '00.000.00');

export function GeneralTab({ readOnly }: ProductTabProps) {
  const { values: v, set, setMeasureUnit } = useProductForm();
  const text = (key: 'descricao_exibicao' | 'slug' | 'codigo_beneficio_fiscal' | 'descricao_garantia') => ({
    value: v[key] ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value === '' ? null : e.currentTarget.value),
    readOnly,
  });
  const nextSku = async () => {
    try {
      set('sku', (await call('productNextSku', {})).nextSku);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <TextInput label="Descrição" withAsterisk data-autofocus value={v.descricao} onChange={(e) => set('descricao', e.currentTarget.value)} readOnly={readOnly} maxLength={120} />
        <TextInput label="Descrição de exibição" {...text('descricao_exibicao')} maxLength={120} />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput label="SKU" withAsterisk value={v.sku} onChange={(e) => set('sku', e.currentTarget.value)} readOnly={readOnly} style={{ flex: 1 }} maxLength={60} />
          {!readOnly && <Button variant="light" onClick={() => void nextSku()}>Próximo SKU</Button>}
        </Group>
        <Ref label="Unidade de medida" register="measureUnit" value={v.id_unidade_medida} required readOnly={readOnly} onChange={(id) => id && setMeasureUnit(id)} />
        <Ref label="Categoria" register="category" value={v.id_categoria} readOnly={readOnly} onChange={(id) => set('id_categoria', id)} />
        <Ref label="Marca" register="brand" value={v.id_marca} readOnly={readOnly} onChange={(id) => set('id_marca', id)} />
        <TextInput label="Slug" {...text('slug')} />
        <Select label="Situação" data={['Ativo', 'Inativo']} value={v.situacao ?? 'Ativo'} allowDeselect={false}
          onChange={(s) => set('situacao', s === 'Inativo' ? 'Inativo' : 'Ativo')} readOnly={readOnly} />
      </SimpleGrid>
      <Textarea label="Descrição detalhada" autosize minRows={2} value={v.descricao_detalhada ?? ''} readOnly={readOnly}
        onChange={(e) => set('descricao_detalhada', e.currentTarget.value === '' ? null : e.currentTarget.value)} />
      <Fieldset legend="Fiscal">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <TextInput label="NCM" placeholder="0000.00.00" value={maskNcm(v.codigo_ncm ?? '')} readOnly={readOnly}
            onChange={(e) => set('codigo_ncm', onlyDigits(e.currentTarget.value).slice(0, 8) || null)} />
          <TextInput label="CEST" placeholder="00.000.00" value={maskCest(v.cest ?? '')} readOnly={readOnly}
            onChange={(e) => set('cest', onlyDigits(e.currentTarget.value).slice(0, 7) || null)} />
          <Select label="Origem" data={ORIGENS.map((o, i) => ({ value: String(i), label: o }))} value={String(v.origem_produto ?? 0)}
            allowDeselect={false} onChange={(o) => set('origem_produto', Number(o ?? 0))} readOnly={readOnly} />
          <Select label="Tipo do item" data={TIPOS_ITEM.map(([value, label]) => ({ value, label: `${value} - ${label}` }))} value={v.tipo_item ?? '00'}
            allowDeselect={false} onChange={(t) => set('tipo_item', t ?? '00')} readOnly={readOnly} />
          <TextInput label="Código de benefício fiscal" {...text('codigo_beneficio_fiscal')} maxLength={10} />
          <Decimal label="Redução da base de cálculo do ICMS (%)" decimals={2} value={v.icms_percentual_reducao_base_calculo} readOnly={readOnly}
            onChange={(n) => set('icms_percentual_reducao_base_calculo', n)} />
          <Decimal label="Diferimento do ICMS (%)" decimals={2} value={v.icms_percentual_diferimento} readOnly={readOnly}
            onChange={(n) => set('icms_percentual_diferimento', n)} />
        </SimpleGrid>
      </Fieldset>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Fieldset legend="Garantia">
          <SimpleGrid cols={3}>
            <TextInput label="Descrição da garantia" {...text('descricao_garantia')} />
            <Decimal label="Tempo" decimals={0} value={v.tempo_garantia} readOnly={readOnly}
              onChange={(n) => set('tempo_garantia', n === null || Number.isNaN(n) ? null : Math.round(n))} />
            <Select label="Unidade" data={['Dias', 'Meses', 'Anos']} value={v.tipo_tempo_garantia ?? 'Dias'} allowDeselect={false} readOnly={readOnly}
              onChange={(t) => set('tipo_tempo_garantia', t === 'Meses' || t === 'Anos' ? t : 'Dias')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Atacado e limites de preço">
          <SimpleGrid cols={2}>
            <Decimal label="Quantidade mínima de atacado" decimals={3} value={v.quantidade_atacarejo} readOnly={readOnly}
              onChange={(n) => set('quantidade_atacarejo', n)} />
            <Decimal label="Desconto máximo (%)" decimals={2} value={v.percentual_desconto_maximo} readOnly={readOnly}
              onChange={(n) => set('percentual_desconto_maximo', n)} />
            <Decimal label="Redução máxima do preço (%)" decimals={2} value={v.perc_max_reducao_preco_produto} readOnly={readOnly}
              onChange={(n) => set('perc_max_reducao_preco_produto', n)} />
            <Decimal label="Aumento máximo do preço (%)" decimals={2} value={v.perc_max_aumento_preco_produto} readOnly={readOnly}
              onChange={(n) => set('perc_max_aumento_preco_produto', n)} />
            <Ref label="Indexador de preço" register="priceIndexer" value={v.id_indexador} readOnly={readOnly} onChange={(id) => set('id_indexador', id)} />
          </SimpleGrid>
        </Fieldset>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Fieldset legend="Dimensões">
          <SimpleGrid cols={{ base: 2, md: 3 }}>
            <Decimal label="Altura (cm)" decimals={3} value={v.altura} readOnly={readOnly} onChange={(n) => set('altura', n)} />
            <Decimal label="Largura (cm)" decimals={3} value={v.largura} readOnly={readOnly} onChange={(n) => set('largura', n)} />
            <Decimal label="Comprimento (cm)" decimals={3} value={v.comprimento} readOnly={readOnly} onChange={(n) => set('comprimento', n)} />
            <Decimal label="Volume (l)" decimals={3} value={v.volume} readOnly={readOnly} onChange={(n) => set('volume', n)} />
            <Decimal label="Peso (kg)" decimals={3} value={v.peso} readOnly={readOnly} onChange={(n) => set('peso', n)} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Balança">
          <Stack gap="xs">
            <Switch label="Enviar para a balança" checked={v.enviar_balanca ?? false} disabled={readOnly}
              onChange={(e) => set('enviar_balanca', e.currentTarget.checked)} />
            <Switch label="Imprimir data de embalagem na balança" checked={v.imprimir_data_embalagem_balanca ?? false} disabled={readOnly}
              onChange={(e) => set('imprimir_data_embalagem_balanca', e.currentTarget.checked)} />
          </Stack>
        </Fieldset>
      </SimpleGrid>
    </Stack>
  );
}
