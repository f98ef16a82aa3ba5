/** The order's header (000 §3.6): operation, client, seller, carrier, dates, freight type (9 by default) and notes. */
import type { Ref } from 'react';
import { Grid, Kbd, Paper, Select, Textarea } from '@mantine/core';
import { ORDER_OPERATIONS, ORDER_OPERATION_NAME } from '@pdv/domain/order-rules';
import { localDb, type LocalRow } from '../../../db/database.ts';
import { searchPeople } from '../../checkout/catalog.ts';
import { documentText } from '../../invoice/display.tsx';
import { customerOf, MoneyInput } from '../../invoice/register/HeaderFields.tsx';
import { AsyncSearchSelect, type SearchOption } from '../../invoice/register/AsyncSearchSelect.tsx';
import { TEXTS } from '../../invoice/texts.ts';
import { TIPOS_FRETE, type HeaderForm, type TipoFrete } from '../form.ts';
import type { OrderContext } from '../localData.ts';
import { isOrderOperation } from '../situacao.ts';
import { DateField } from '../../../ui/MaskedInputs.tsx';

interface PersonChoice {
  id: number;
  label: string;
}

/** A person of the local copy as the header shows it: name and document. */
export function personLabel(person: LocalRow): string {
  const c = customerOf(person);
  return `${c.cliente_nome}${c.cliente_cpf_cnpj ? ` — ${documentText(c.cliente_cpf_cnpj)}` : ''}`;
}

/** People of the local copy by name, CPF or CNPJ, shown with their document. */
async function searchPersons(text: string): Promise<SearchOption<PersonChoice>[]> {
  const people = await searchPeople(localDb(), text);
  return people.map((p) => {
    const id = Number(p['id_pessoa']);
    const label = personLabel(p);
    return { value: String(id), label, data: { id, label } };
  });
}

const selectedOf = (id: number | null, label: string | null): SearchOption<PersonChoice> | null =>
  id === null ? null : { value: String(id), label: label ?? `Pessoa nº ${id}`, data: { id, label: label ?? '' } };

interface Props {
  form: HeaderForm;
  context: OrderContext;
  editable: boolean;
  /** The operation can be chosen only before the first save. */
  isNew: boolean;
  customerDescription: string | null;
  customerRef: Ref<HTMLInputElement>;
  onChange: (change: Partial<HeaderForm>) => void;
}

export function OrderHeader({ form, context, editable, isNew, customerDescription, customerRef, onChange }: Props) {
  const readOnly = editable ? {} : ({ readOnly: true, variant: 'filled' } as const);
  return (
    <Paper withBorder p="sm">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
          <Select
            label="Operação"
            data={ORDER_OPERATIONS.map((o) => ({ value: o, label: ORDER_OPERATION_NAME[o].one }))}
            value={form.operacao}
            onChange={(v) => v !== null && isOrderOperation(v) && onChange({ operacao: v })}
            allowDeselect={false}
            {...(isNew && editable ? {} : { readOnly: true, variant: 'filled' as const })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, lg: 5 }}>
          <AsyncSearchSelect
            ref={customerRef}
            label={<>Cliente {editable && <Kbd size="xs">F3</Kbd>}</>}
            aria-label="Cliente"
            placeholder="Nome, CPF ou CNPJ"
            selected={selectedOf(form.id_cliente, form.cliente_label)}
            search={searchPersons}
            onPick={(option) => onChange({ id_cliente: option?.data.id ?? null, cliente_label: option?.label ?? null })}
            readOnly={!editable}
            clearable
            nothingFound="Nenhum cliente encontrado"
            description={
              customerDescription ??
              (context.loaded && context.peopleCount === 0 && editable ? TEXTS.localCopyEmpty('clientes') : undefined)
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 2.5 }}>
          <Select
            label="Vendedor"
            placeholder={editable ? 'Sem vendedor' : '—'}
            data={context.sellers.map((s) => ({ value: String(s.id_usuario), label: s.nome }))}
            value={form.id_usuario_vendedor === null ? null : String(form.id_usuario_vendedor)}
            onChange={(v) => onChange({ id_usuario_vendedor: v === null ? null : Number(v) })}
            searchable
            clearable
            {...readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 2.5 }}>
          <AsyncSearchSelect
            label="Transportadora"
            aria-label="Transportadora"
            placeholder="Nome ou CNPJ"
            selected={selectedOf(form.id_transportadora, form.transportadora_label)}
            search={searchPersons}
            onPick={(option) =>
              onChange({ id_transportadora: option?.data.id ?? null, transportadora_label: option?.label ?? null })
            }
            readOnly={!editable}
            clearable
            nothingFound="Nenhuma pessoa encontrada"
          />
        </Grid.Col>

        <Grid.Col span={{ base: 6, sm: 4, lg: 2 }}>
          <DateField
            label="Entrega"
            value={form.data_entrega}
            onChange={(iso) => onChange({ data_entrega: iso })}
            {...readOnly}
          />
        </Grid.Col>
        {form.operacao === 'Orcamento' && (
          <Grid.Col span={{ base: 6, sm: 4, lg: 2 }}>
            <DateField
              label="Validade"
              value={form.data_validade}
              onChange={(iso) => onChange({ data_validade: iso })}
              {...readOnly}
            />
          </Grid.Col>
        )}
        {(form.operacao === 'Consignacao' || form.operacao === 'OrdemServico') && (
          <Grid.Col span={{ base: 6, sm: 4, lg: 2 }}>
            <DateField
              label="Previsão de retorno"
              value={form.data_previsao_retorno}
              onChange={(iso) => onChange({ data_previsao_retorno: iso })}
              {...readOnly}
            />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <Select
            label="Tipo de frete"
            data={TIPOS_FRETE.map((t) => ({ value: String(t.value), label: t.label }))}
            value={String(form.tipo_frete)}
            onChange={(v) => onChange({ tipo_frete: Number(v ?? 9) as TipoFrete })}
            allowDeselect={false}
            {...readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 4, lg: 1.5 }}>
          <MoneyInput
            label="Frete"
            value={form.valor_frete}
            onChange={(valor_frete) => onChange({ valor_frete })}
            disabled={!editable}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 4, lg: 1.5 }}>
          <MoneyInput
            label="Seguro"
            value={form.valor_seguro}
            onChange={(valor_seguro) => onChange({ valor_seguro })}
            disabled={!editable}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 4, lg: 2 }}>
          <MoneyInput
            label="Outras despesas"
            value={form.valor_outros}
            onChange={(valor_outros) => onChange({ valor_outros })}
            disabled={!editable}
          />
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Textarea
            label="Observação"
            value={form.observacao}
            onChange={(e) => onChange({ observacao: e.currentTarget.value })}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={2000}
            {...readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Textarea
            label="Observação para a nota fiscal"
            value={form.observacao_nota}
            onChange={(e) => onChange({ observacao_nota: e.currentTarget.value })}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={2000}
            {...readOnly}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
