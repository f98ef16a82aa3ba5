/**
 * F6's quick save of a customer (002 §2 "people quick-save"): name, CPF or CNPJ, phone, e-mail and an optional main
 * address, checked by the contract's schema (quickCustomer.ts) and saved by POST /api/people/quick-create under the
 * point of sale's permission (the server refuses a CPF or CNPJ already registered). The answer is the person as the
 * local copy holds it: it is put there at once (the next pull brings the same row), so the customer can be searched
 * and picked before any sync; the saved customer is picked for the sale. With the network off the customer is kept on
 * this device and sent with its sales (offlineCustomer.ts).
 */
import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { call } from '../../api/client.ts';
import { errorDisplayOf, isApiError } from '../../api/errors.ts';
import { localDb } from '../../db/database.ts';
import { maskCep, maskCnpj, maskCpf, maskPhone } from '../../ui/masks.ts';
import { toast } from '../../ui/toast.ts';
import type { ClienteRapido } from '@pdv/contract/operation';
import { saveOfflineCustomer } from './offlineCustomer.ts';
import { QUICK_SAVED_OFFLINE, checkQuickCustomer, EMPTY_QUICK_CUSTOMER, errorsOfQuickRefusal, type QuickCustomer } from './quickCustomer.ts';

export const QUICK_SAVED = 'Cliente cadastrado.';

export interface SavedCustomer {
  id_pessoa: number;
  nome: string;
  documento: string | null;
  /** Saved offline: what the sale carries to the server (id_pessoa is then a temporary negative id). */
  rapido?: ClienteRapido;
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
    const checked = checkQuickCustomer(values);
    if (!checked.ok) {
      setErrors(checked.fields);
      setOther(checked.other);
      return;
    }
    setBusy(true);
    try {
      if (!navigator.onLine) {
        // The same checks ran above; the server runs them again (and finds a CPF registered meanwhile) with the sale.
        const { row, rapido } = await saveOfflineCustomer(localDb(), checked.body);
        toast.success(QUICK_SAVED_OFFLINE);
        onSaved({ id_pessoa: Number(row['id_pessoa']), nome: String(row['nome']), documento: (row['cpf'] ?? row['cnpj'] ?? null) as string | null, rapido });
        return;
      }
      const { pessoa } = await call('personQuickCreate', checked.body);
      await localDb().rows('people').put(pessoa);
      toast.success(QUICK_SAVED);
      onSaved({ id_pessoa: pessoa.id_pessoa, nome: pessoa.nome, documento: pessoa.cpf ?? pessoa.cnpj });
    } catch (error) {
      const display = errorDisplayOf(error);
      const mapped = isApiError(error) && error.status === 400 ? errorsOfQuickRefusal(error.body, display.text) : { fields: {}, other: [display.text] };
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
