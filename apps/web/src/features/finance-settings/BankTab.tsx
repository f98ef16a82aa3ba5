/**
 * The bank of a bank account (its COMPE code; the list of @pdv/domain/bank-account, the same the server holds), and
 * the acquirer person of a card operator: `extra` members of their registers, chosen here.
 */
import { Select, TextInput } from '@mantine/core';
import { BANKS } from '@pdv/domain/bank-account';
import type { ExtensionTabProps } from '../registers/extensions.ts';

const OPTIONS = BANKS.map((b) => ({ value: String(b.id_banco), label: `${b.codigo} - ${b.nome}` }));

export function BankTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const value = typeof values['id_banco'] === 'number' ? String(values['id_banco']) : null;
  return (
    <Select
      label="Banco"
      placeholder="Sem banco (caixa, cofre)"
      description="Com banco, a agência e a conta são conferidas pelos dígitos do banco."
      data={OPTIONS}
      value={value}
      onChange={(v) => set('id_banco', v === null ? null : Number(v))}
      searchable
      clearable
      nothingFoundMessage="Banco não encontrado"
      readOnly={readOnly}
      error={errors['id_banco']}
      maw={720}
    />
  );
}

export function AcquirerTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const value = typeof values['id_pessoa'] === 'number' ? String(values['id_pessoa']) : '';
  return (
    <TextInput
      label="Pessoa da adquirente (código)"
      description="A pessoa jurídica da operadora: seu CNPJ vai ao grupo de cartão da nota."
      inputMode="numeric"
      value={value}
      onChange={(e) => {
        const t = e.currentTarget.value.replace(/\D/g, '');
        set('id_pessoa', t === '' ? null : Number(t));
      }}
      readOnly={readOnly}
      error={errors['id_pessoa']}
      maw={360}
    />
  );
}
