/** The header of the invoice: model, series, nature, purpose, recipient, freight and vehicle. */
import type { Ref } from 'react';
import { Grid, Kbd, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { formatDecimalBR, parseMoneyBR, type Cents } from '@pdv/domain/money';
import { localDb, type LocalRow } from '../../../db/database.ts';
import { searchPeople, textOf } from '../../checkout/catalog.ts';
import { documentText } from '../display.tsx';
import { FINALIDADES, TIPOS_FRETE, type InvoiceForm, type Modelo, type TipoFrete } from '../form.ts';
import { addressLine, defaultSeries, documentOf, hasAddress, type InvoiceContext } from '../localData.ts';
import { TEXTS } from '../texts.ts';
import { AsyncSearchSelect, type SearchOption } from './AsyncSearchSelect.tsx';

const UFS = 'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' ');

export interface CustomerChoice {
  id_cliente: number;
  cliente_nome: string;
  cliente_cpf_cnpj: string | null;
  cliente_tem_endereco: boolean;
  endereco: string;
}

export function customerOf(person: LocalRow): CustomerChoice {
  return {
    id_cliente: Number(person['id_pessoa']),
    cliente_nome: textOf(person, 'nome'),
    cliente_cpf_cnpj: documentOf(person),
    cliente_tem_endereco: hasAddress(person),
    endereco: addressLine(person),
  };
}

async function searchCustomers(text: string): Promise<SearchOption<CustomerChoice>[]> {
  const people = await searchPeople(localDb(), text);
  return people.map((p) => {
    const choice = customerOf(p);
    const doc = choice.cliente_cpf_cnpj ? ` — ${documentText(choice.cliente_cpf_cnpj)}` : '';
    return { value: String(choice.id_cliente), label: `${choice.cliente_nome}${doc}`, data: choice };
  });
}

/** A money field typed in pt-BR ('10,50'); shows the value again when it leaves the field. */
export function MoneyInput({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: Cents;
  onChange: (cents: Cents) => void;
  disabled: boolean;
}) {
  return (
    <TextInput
      key={value}
      label={label}
      defaultValue={formatDecimalBR(value)}
      readOnly={disabled}
      variant={disabled ? 'filled' : 'default'}
      inputMode="decimal"
      leftSection={<Text size="xs">R$</Text>}
      onBlur={(e) => {
        const cents = parseMoneyBR(e.currentTarget.value);
        if (cents !== null && cents >= 0) onChange(cents);
        else e.currentTarget.value = formatDecimalBR(value);
      }}
    />
  );
}

interface Props {
  form: InvoiceForm;
  context: InvoiceContext;
  editable: boolean;
  customerAddress: string | null;
  customerRef: Ref<HTMLInputElement>;
  onChange: (change: Partial<InvoiceForm>) => void;
  onCustomer: (choice: CustomerChoice | null) => void;
}

export function HeaderFields({ form, context, editable, customerAddress, customerRef, onChange, onCustomer }: Props) {
  const disabled = !editable;
  // A saved invoice is shown read-only (legible), not disabled (greyed out).
  const readOnly = disabled ? ({ readOnly: true, variant: 'filled' } as const) : {};
  const series = context.series.filter((s) => s.modelo === form.modelo);
  const selected: SearchOption<CustomerChoice> | null =
    form.id_cliente === null
      ? null
      : {
          value: String(form.id_cliente),
          label: `${form.cliente_nome ?? ''}${form.cliente_cpf_cnpj ? ` — ${documentText(form.cliente_cpf_cnpj)}` : ''}`,
          data: {
            id_cliente: form.id_cliente,
            cliente_nome: form.cliente_nome ?? '',
            cliente_cpf_cnpj: form.cliente_cpf_cnpj,
            cliente_tem_endereco: form.cliente_tem_endereco ?? true,
            endereco: customerAddress ?? '',
          },
        };
  const addressMissing = form.modelo === '55' && form.id_cliente !== null && form.cliente_tem_endereco === false;

  return (
    <Paper withBorder p="sm">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Modelo
            </Text>
            <SegmentedControl
              aria-label="Modelo"
              fullWidth
              readOnly={disabled}
              data={[
                { value: '55', label: 'NF-e 55' },
                { value: '65', label: 'NFC-e 65' },
              ]}
              value={form.modelo}
              onChange={(v) => {
                const modelo: Modelo = v === '65' ? '65' : '55';
                onChange({ modelo, id_serie_fiscal: defaultSeries(context.series, modelo) });
              }}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
          <Select
            label="Série"
            placeholder={!context.loaded ? 'Carregando…' : series.length === 0 ? 'Nenhuma série' : 'Escolha'}
            data={series.map((s) => ({ value: String(s.id_serie_fiscal), label: `Série ${s.codigo_serie}` }))}
            value={form.id_serie_fiscal === null ? null : String(form.id_serie_fiscal)}
            onChange={(v) => onChange({ id_serie_fiscal: v === null ? null : Number(v) })}
            {...readOnly}
            error={editable && context.loaded && form.id_serie_fiscal === null && series.length === 0 ? FISCAL_MESSAGES.seriesMissing : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, lg: 4 }}>
          <TextInput
            label="Natureza da operação"
            value={form.natureza_operacao}
            maxLength={60}
            onChange={(e) => onChange({ natureza_operacao: e.currentTarget.value })}
            {...readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
          <Select
            label="Finalidade"
            data={FINALIDADES.map((f) => ({ value: String(f.value), label: f.label }))}
            value={String(form.finalidade)}
            onChange={(v) => onChange({ finalidade: Number(v ?? 1) })}
            allowDeselect={false}
            {...readOnly}
          />
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 6 }}>
          <AsyncSearchSelect
            ref={customerRef}
            label={
              <>
                Cliente (destinatário) {editable && <Kbd size="xs">F3</Kbd>}
              </>
            }
            aria-label="Cliente"
            placeholder="Nome, CPF ou CNPJ"
            selected={selected}
            search={searchCustomers}
            onPick={(option) => onCustomer(option?.data ?? null)}
            readOnly={disabled}
            clearable
            nothingFound="Nenhum cliente encontrado"
            description={
              addressMissing ? undefined : customerAddress ? customerAddress : context.loaded && context.peopleCount === 0 && editable ? TEXTS.localCopyEmpty('clientes') : undefined
            }
            error={addressMissing ? FISCAL_MESSAGES.recipientAddressMissing : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <Select
            label="Frete"
            data={TIPOS_FRETE.map((t) => ({ value: String(t.value), label: t.label }))}
            value={String(form.tipo_frete)}
            onChange={(v) => onChange({ tipo_frete: Number(v ?? 9) as TipoFrete })}
            allowDeselect={false}
            {...readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <TextInput
            label="Placa do veículo"
            value={form.placa_veiculo}
            maxLength={8}
            placeholder="ABC1D23"
            onChange={(e) => onChange({ placa_veiculo: e.currentTarget.value.toUpperCase() })}
            {...readOnly}
            disabled={editable && form.tipo_frete === 9}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, lg: 1 }}>
          <Select
            label="UF"
            data={UFS}
            value={form.uf_placa_veiculo || null}
            onChange={(v) => onChange({ uf_placa_veiculo: v ?? '' })}
            searchable
            {...readOnly}
            disabled={editable && form.tipo_frete === 9}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
          <MoneyInput label="Valor do frete" value={form.valor_frete} onChange={(valor_frete) => onChange({ valor_frete })} disabled={disabled} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
          <MoneyInput label="Seguro" value={form.valor_seguro} onChange={(valor_seguro) => onChange({ valor_seguro })} disabled={disabled} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
          <MoneyInput label="Outras despesas" value={form.valor_outros} onChange={(valor_outros) => onChange({ valor_outros })} disabled={disabled} />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
