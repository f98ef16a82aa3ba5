/**
 * F6's quick save of a customer (002 §2 "people quick-save"): name, CPF or CNPJ, phone, e-mail and an optional main
 * address, checked by the person register's own schema (quickCustomer.ts) and saved by POST /api/people/create (online
 * only: the server refuses a CPF or CNPJ already registered). The saved customer is picked for the sale.
 */
import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { person } from '@pdv/contract/registers/person';
import { errorDisplayOf, isApiError } from '../../api/errors.ts';
import { maskCep, maskCnpj, maskCpf, maskPhone } from '../../ui/masks.ts';
import { toast } from '../../ui/toast.ts';
import { registerApi } from '../registers/api.ts';
import { errorsOfBody } from '../registers/fields.ts';
import { checkQuickCustomer, EMPTY_QUICK_CUSTOMER, quickErrors, type QuickCustomer } from './quickCustomer.ts';

export const QUICK_SAVE_OFFLINE = 'Sem conexão: o cadastro rápido de cliente precisa do servidor.';
export const QUICK_SAVED = 'Cliente cadastrado.';

export interface SavedCustomer {
  id_pessoa: number;
  nome: string;
  documento: string | null;
}

const maskDocument = (v: string) => (v.replace(/[^0-9A-Za-z]/g, '').length > 11 ? maskCnpj(v) : maskCpf(v));

export function QuickCustomerForm({ initial, onSaved, onBack }: { initial: string; onSaved: (c: SavedCustomer) => void; onBack: () => void }) {
  const startsWithDigit = /^\d/.test(initial.trim());
  const [values, setValues] = useState<QuickCustomer>({ ...EMPTY_QUICK_CUSTOMER, ...(startsWithDigit ? { documento: initial } : { nome: initial }) });
  const [errors, setErrors] = useState<Partial<Record<keyof QuickCustomer, string>>>({});
  const [other, setOther] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof QuickCustomer, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const save = async () => {
    if (busy) return;
    if (!navigator.onLine) {
      setOther([QUICK_SAVE_OFFLINE]);
      return;
    }
    const checked = checkQuickCustomer(values);
    if (!checked.ok) {
      setErrors(checked.fields);
      setOther(checked.other);
      return;
    }
    setBusy(true);
    try {
      const row = await registerApi.create(person, checked.body);
      toast.success(QUICK_SAVED);
      const doc = typeof row['cpf'] === 'string' ? row['cpf'] : typeof row['cnpj'] === 'string' ? row['cnpj'] : null;
      onSaved({ id_pessoa: Number(row['id_pessoa']), nome: String(row['nome']), documento: doc });
    } catch (error) {
      const display = errorDisplayOf(error);
      const found = isApiError(error) && error.status === 400 ? errorsOfBody(person, error.body, display.text) : { fields: {}, other: [display.text] };
      const mapped = quickErrors(found.fields, found.other);
      setErrors(mapped.fields);
      setOther(mapped.other);
    } finally {
      setBusy(false);
    }
  };
  const input = (name: keyof QuickCustomer, label: string, mask?: (v: string) => string, autoFocus = false) => (
    <TextInput
      label={label}
      value={mask ? mask(values[name]) : values[name]}
      onChange={(e) => set(name, e.currentTarget.value)}
      error={errors[name]}
      data-autofocus={autoFocus || undefined}
      autoFocus={autoFocus}
    />
  );
  return (
    <form
      aria-label="Cadastro rápido de cliente"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onBack();
        }
      }}
    >
      <Stack gap="xs">
        {input('nome', 'Nome', undefined, !startsWithDigit)}
        {input('documento', 'CPF ou CNPJ', maskDocument, startsWithDigit)}
        <SimpleGrid cols={2} spacing="xs">
          {input('telefone', 'Telefone', maskPhone)}
          {input('email', 'E-mail')}
          {input('cep', 'CEP', maskCep)}
          {input('numero', 'Número')}
        </SimpleGrid>
        {input('endereco', 'Logradouro')}
        <SimpleGrid cols={3} spacing="xs">
          {input('bairro', 'Bairro')}
          {input('cidade', 'Cidade')}
          {input('uf', 'UF', (v) => v.toUpperCase().slice(0, 2))}
        </SimpleGrid>
        {other.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {other.map((t) => (
              <div key={t}>{t}</div>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            Voltar (Esc)
          </Button>
          <Button type="submit" loading={busy}>
            Salvar cliente (Enter)
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
