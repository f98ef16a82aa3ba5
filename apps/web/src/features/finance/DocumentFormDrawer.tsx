/**
 * The create/edit drawer of a financial document (002 §3): type (receivable or payable, on create only), number
 * (the next free one when left empty), amount, issue and due dates, person, payment method, chart of accounts, cost
 * centre and note. Enter in a field saves; Esc closes.
 */
import { useState, type FormEvent } from 'react';
import { Button, Drawer, Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { FinancialDocument } from '@pdv/contract/finance';
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import { DateField, MoneyInput } from '../../ui/MaskedInputs.tsx';
import { toast } from '../../ui/toast.ts';
import { RefSelect } from '../registers/RefSelect.tsx';
import { todayLocal } from './useFinancialList.ts';
import { financialCall, showFailure } from './financialCall.ts';

const ref = (name: string, label: string): FieldDef => ({ kind: 'ref', ref: name, label });
const REFS = {
  pessoa: ref('person', 'Pessoa'),
  meio: ref('paymentMethod', 'Meio de pagamento'),
  plano: ref('accountPlan', 'Plano de contas'),
  centro: ref('costCenter', 'Centro de custo'),
};

interface Props {
  opened: boolean;
  /** The document edited; null: a new one. */
  row: FinancialDocument | null;
  /** The type a new document starts with (the list's filter). */
  operacao: 'Entrada' | 'Saida';
  onClose: () => void;
  onSaved: () => void;
}

export function DocumentFormDrawer({ opened, row, operacao, onClose, onSaved }: Props) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" closeButtonProps={{ 'aria-label': 'Fechar' }}
      title={<Text fw={700} size="lg">{row ? `Documento ${row.numero}/${row.sequencia}` : 'Novo documento financeiro'}</Text>}>
      {opened && <FormBody key={row?.id_documento_financeiro ?? 'new'} row={row} operacao={operacao} onSaved={onSaved} />}
    </Drawer>
  );
}

function FormBody({ row, operacao: initial, onSaved }: { row: FinancialDocument | null; operacao: 'Entrada' | 'Saida'; onSaved: () => void }) {
  const [today] = useState(todayLocal);
  const [operacao, setOperacao] = useState<'Entrada' | 'Saida'>(row?.operacao ?? initial);
  const [numero, setNumero] = useState(row?.numero ?? '');
  const [valor, setValor] = useState<number | null>(row ? fromDecimal(row.valor_documento) : null);
  const [emissao, setEmissao] = useState(row?.data_emissao.slice(0, 10) ?? today);
  const [vencimento, setVencimento] = useState(row?.data_vencimento ?? today);
  const [pessoa, setPessoa] = useState<number | null>(row?.id_pessoa ?? null);
  const [meio, setMeio] = useState<number | null>(row?.id_meio_pagamento ?? null);
  const [plano, setPlano] = useState<number | null>(row?.id_plano_conta ?? null);
  const [centro, setCentro] = useState<number | null>(row?.id_centro_custo ?? null);
  const [observacao, setObservacao] = useState(row?.observacao ?? '');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ valor?: string; vencimento?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = { ...(valor ? {} : { valor: 'Informe o valor do documento.' }), ...(vencimento ? {} : { vencimento: 'Informe o vencimento.' }) };
    setErrors(missing);
    if (Object.keys(missing).length > 0 || busy || valor === null) return;
    const fields = {
      ...(numero.trim() ? { numero: numero.trim() } : {}),
      valor_documento: toDecimal(valor),
      data_emissao: emissao || undefined,
      data_vencimento: vencimento,
      id_pessoa: pessoa,
      id_meio_pagamento: meio,
      id_plano_conta: plano,
      id_centro_custo: centro,
      observacao: observacao.trim() || null,
    };
    setBusy(true);
    const save = row
      ? financialCall('documentFinancialUpdate', { id_documento_financeiro: row.id_documento_financeiro, ...fields })
      : financialCall('documentFinancialCreate', { operacao, ...fields });
    void save.then((r) => {
      if (!r.issuccess) return showFailure(r);
      toast.success(`Documento ${r.data.numero}/${r.data.sequencia} salvo.`);
      onSaved();
    }).finally(() => setBusy(false));
  };

  const refProps = (field: FieldDef, value: number | null, onChange: (v: number | null) => void) => ({
    name: field.ref ?? '', field, label: field.label, value, onChange, error: undefined, withAsterisk: false, readOnly: false,
  });

  return (
    <form onSubmit={submit} aria-label="Documento financeiro">
      <Stack gap="sm">
        {!row && (
          <SegmentedControl
            aria-label="Tipo"
            data={[{ value: 'Saida', label: 'A pagar' }, { value: 'Entrada', label: 'A receber' }]}
            value={operacao}
            onChange={(v) => setOperacao(v === 'Entrada' ? 'Entrada' : 'Saida')}
          />
        )}
        <SimpleGrid cols={2} spacing="sm">
          <TextInput label="Número" placeholder="Próximo número" value={numero} onChange={(e) => setNumero(e.currentTarget.value)} maxLength={30} />
          <MoneyInput label="Valor" withAsterisk value={valor} onChange={setValor} error={errors.valor} data-autofocus />
          <DateField label="Emissão" value={emissao} onChange={setEmissao} />
          <DateField label="Vencimento" withAsterisk value={vencimento} onChange={setVencimento} error={errors.vencimento} />
        </SimpleGrid>
        <RefSelect {...refProps(REFS.pessoa, pessoa, setPessoa)} />
        <RefSelect {...refProps(REFS.meio, meio, setMeio)} />
        <SimpleGrid cols={2} spacing="sm">
          <RefSelect {...refProps(REFS.plano, plano, setPlano)} />
          <RefSelect {...refProps(REFS.centro, centro, setCentro)} />
        </SimpleGrid>
        <Textarea label="Observação" value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>Salvar</Button>
        </Group>
      </Stack>
    </form>
  );
}
