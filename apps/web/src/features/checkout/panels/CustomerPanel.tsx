/**
 * F6: the customer: search the local people by name, CPF or CNPJ and pick (Enter picks the first); CPF on receipt.
 * Insert (or 'Cadastrar cliente') opens the quick save of a new customer (people/QuickCustomerForm.tsx) for a user who
 * may sell (POST /people/quick-create, the point of sale's own permission, not the people register's); the saved customer is picked.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Stack, Table, Text, TextInput } from '@mantine/core';
import type { LocalRow } from '../../../db/database.ts';
import { formatCpfCnpj, isValidCnpj, isValidCpf, onlyDigits } from '@pdv/domain/documents';
import { localDb } from '../../../db/database.ts';
import { searchPeople, textOf } from '../catalog.ts';
import { QuickCustomerForm } from '../../people/QuickCustomerForm.tsx';
import { offlineCustomerOf } from '../../people/offlineCustomer.ts';
import type { CustomerChoice } from '../draft.ts';

export type { CustomerChoice };

interface Props {
  opened: boolean;
  /** The branch's text for the cashier when asking the customer (informacao_cliente_venda_pdv). */
  hint?: string | null;
  onClose: () => void;
  onPick: (choice: CustomerChoice) => void;
  /** The user may quick-save a customer (the point of sale's manage permission). */
  canQuickSave?: boolean;
}

export function CustomerPanel(props: Props) {
  return (
    <Drawer opened={props.opened} onClose={props.onClose} position="right" title="Cliente (F6)">
      {props.opened && (
        <Stack gap="xs">
          {props.hint && <Alert variant="light" color="blue" aria-label="Informação ao pedir o cliente">{props.hint}</Alert>}
          <CustomerChooser onPick={props.onPick} canSave={props.canQuickSave === true} />
        </Stack>
      )}
    </Drawer>
  );
}

const documentOf = (p: LocalRow) => (typeof p['cpf'] === 'string' && p['cpf'] ? p['cpf'] : typeof p['cnpj'] === 'string' ? p['cnpj'] : null);

function CustomerChooser({ onPick, canSave }: Pick<Props, 'onPick'> & { canSave: boolean }) {
  const [quick, setQuick] = useState<string | null>(null);
  if (quick !== null && canSave) {
    return (
      <QuickCustomerForm
        initial={quick}
        onBack={() => setQuick(null)}
        onSaved={(c) => onPick({ id_cliente: c.id_pessoa, cliente_nome: c.nome, cliente_cpf_cnpj: c.documento, ...(c.rapido ? { cliente_rapido: c.rapido } : {}) })}
      />
    );
  }
  return <CustomerForm onPick={onPick} onQuick={canSave ? setQuick : null} />;
}

function CustomerForm({ onPick, onQuick }: Pick<Props, 'onPick'> & { onQuick: ((text: string) => void) | null }) {
  const [text, setText] = useState('');
  const [people, setPeople] = useState<LocalRow[]>([]);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      searchPeople(localDb(), text)
        .then((rows) => {
          setPeople(rows);
          setActive(0);
        })
        .catch((e: unknown) => console.error('Falha na pesquisa de clientes', e));
    }, 120);
    return () => clearTimeout(timer);
  }, [text]);
  const pick = (p: LocalRow) => {
    const rapido = offlineCustomerOf(p);
    // The customer's default price table: the sale's lines are priced by it (draft.setCustomer).
    const table = p['id_tabela_preco_padrao'];
    onPick({
      id_cliente: Number(p['id_pessoa']), cliente_nome: textOf(p, 'nome'), cliente_cpf_cnpj: documentOf(p),
      id_tabela_preco_padrao: typeof table === 'number' ? table : null,
      // A customer quick-saved on this device offline: the sale carries it (draft.setCustomer).
      ...(rapido ? { cliente_rapido: rapido } : {}),
    });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = people[active];
        if (chosen) return pick(chosen);
        const digits = onlyDigits(text);
        if (isValidCpf(digits) || isValidCnpj(digits)) return onPick({ id_cliente: null, cliente_nome: null, cliente_cpf_cnpj: digits });
        setError('Cliente não encontrado. Informe um CPF ou CNPJ válido para o comprovante.');
      }}
    >
      <Stack>
        <TextInput
          label="Nome, CPF ou CNPJ"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, people.length - 1));
            }
            if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            }
            if (e.key === 'Insert' && onQuick) {
              e.preventDefault();
              onQuick(text);
            }
          }}
          data-autofocus
        />
        <Table aria-label="Clientes encontrados" highlightOnHover>
          <Table.Tbody>
            {people.map((p, index) => (
              <Table.Tr
                key={String(p['id_pessoa'])}
                bg={index === active ? 'var(--mantine-primary-color-light)' : undefined}
                onClick={() => pick(p)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>{textOf(p, 'nome')}</Table.Td>
                <Table.Td c="dimmed">{formatCpfCnpj(documentOf(p) ?? '')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {error && (
          <Text c="red" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit">Selecionar (Enter)</Button>
        {onQuick && (
          <Button variant="light" onClick={() => onQuick(text)}>
            Cadastrar cliente (Insert)
          </Button>
        )}
        <Button variant="subtle" onClick={() => onPick({ id_cliente: null, cliente_nome: null, cliente_cpf_cnpj: null })}>
          Sem cliente
        </Button>
      </Stack>
    </form>
  );
}
