/**
 * F7: the seller of the sale (000 §5-6), from the local copy's sellers. ↑/↓ choose, Enter picks, typing filters.
 * Asked when finishing when the branch configuration says so (solicitar_vendedor_venda_pdv); required when it says so
 * (obrigar_vendedor_venda_pdv: no "Sem vendedor", and the spec's message).
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Drawer, Kbd, Stack, Table, Text, TextInput } from '@mantine/core';
import { MESSAGES } from '@pdv/domain/messages';
import type { Seller } from '../catalog.ts';
import { fold } from '../search/textIndex.ts';

interface Props {
  opened: boolean;
  sellers: readonly Seller[];
  /** The sale's seller now, else the signed-in user (highlighted first). */
  current: number | null;
  required: boolean;
  /** Opened by F10: choosing continues to the finish. */
  asking: boolean;
  onClose: () => void;
  onPick: (id_usuario: number | null) => void;
}

export function SellerPanel(props: Props) {
  return (
    <Drawer opened={props.opened} onClose={props.onClose} position="right" title="Vendedor (F7)">
      {props.opened && <SellerForm {...props} />}
    </Drawer>
  );
}

function SellerForm({ sellers, current, required, asking, onPick }: Props) {
  const [text, setText] = useState('');
  const shown = useMemo(() => {
    const words = fold(text).split(/\s+/).filter(Boolean);
    return sellers.filter((s) => words.every((w) => fold(`${s.nome} ${s.email ?? ''}`).includes(w)));
  }, [sellers, text]);
  const [active, setActive] = useState(() => Math.max(0, sellers.findIndex((s) => s.id_usuario === current)));
  const [error, setError] = useState<string | null>(null);
  const index = Math.min(active, Math.max(shown.length - 1, 0));
  const submit = () => {
    const chosen = shown[index];
    if (chosen) return onPick(chosen.id_usuario);
    setError(required ? MESSAGES.sellerRequired : 'Nenhum vendedor encontrado.');
  };
  // Until the drawer has moved the focus into its field (after its opening transition), Enter and the arrows are read
  // on the window: a cashier pressing F10 then Enter at once picks the highlighted seller instead of losing the key
  // (seen in the order e2e under load: Enter reached the search box behind the drawer).
  const formRef = useRef<HTMLFormElement>(null);
  // A layout effect: in place from the drawer's first paint (a passive effect can run after the first key).
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey) return;
      // Inside the form its own handlers answer; inside another dialog (the warning that follows a pick) the key is its.
      const target = event.target instanceof Element ? event.target : null;
      if (formRef.current?.contains(target) || target?.closest('[role="dialog"]')) return;
      if (event.key === 'Enter') submit();
      else if (event.key === 'ArrowDown') setActive(Math.min(index + 1, shown.length - 1));
      else if (event.key === 'ArrowUp') setActive(Math.max(index - 1, 0));
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    // Re-attached after every render so that it sees the current list and highlight.
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  });
  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        {asking && <Text fw={500}>Informe o vendedor da venda.</Text>}
        <TextInput
          label="Nome do vendedor"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setActive(0);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive(Math.min(index + 1, shown.length - 1));
            }
            if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive(Math.max(index - 1, 0));
            }
          }}
          data-autofocus
        />
        <Table aria-label="Vendedores" highlightOnHover>
          <Table.Tbody>
            {shown.map((seller, i) => (
              <Table.Tr
                key={seller.id_usuario}
                aria-selected={i === index}
                bg={i === index ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onPick(seller.id_usuario)}
              >
                <Table.Td>{seller.nome}</Table.Td>
                <Table.Td c="dimmed">{seller.email ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {shown.length === 0 && <Text c="dimmed">Nenhum vendedor encontrado.</Text>}
        {error && (
          <Text c="red" role="alert">
            {error}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> escolhem, <Kbd size="xs">Enter</Kbd> confirma
          {required ? '. O vendedor é obrigatório nesta filial.' : ''}
        </Text>
        <Button type="submit">Selecionar (Enter)</Button>
        {!required && (
          <Button variant="subtle" onClick={() => onPick(null)}>
            Sem vendedor
          </Button>
        )}
      </Stack>
    </form>
  );
}
