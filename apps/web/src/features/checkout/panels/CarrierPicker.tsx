/**
 * The shipment's carrier (Alt+T): a searchable choice among the local copy's people marked is_transportadora. Typing
 * filters (↓ with nothing typed lists them all), ↑/↓ move, Enter picks the highlighted one; with no list open, Enter is
 * the form's (it applies the shipment). Backspace in the empty field, or "Sem transportadora", clears the choice.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { localDb } from '../../../db/database.ts';
import { findCarrier, searchCarriers, type CarrierHit } from '../catalog.ts';

interface Props {
  /** The carrier chosen (its id); null: none. */
  value: number | null;
  onChange: (id_transportadora: number | null) => void;
}

export const NO_CARRIER_FOUND = 'Nenhuma transportadora encontrada.';

export function CarrierPicker({ value, onChange }: Props) {
  const [text, setText] = useState('');
  const [browsing, setBrowsing] = useState(false);
  // The hits of one query (key): a list still being searched shows nothing, so Enter never picks a stale hit.
  const [found, setFound] = useState<{ key: string; hits: CarrierHit[] }>({ key: '', hits: [] });
  const [active, setActive] = useState(0);
  const [named, setNamed] = useState<CarrierHit | null>(null);
  const listing = browsing || text.trim() !== '';
  const key = `${browsing ? 'all' : ''}|${text}`;
  const hits = listing && found.key === key ? found.hits : [];
  const chosen = value !== null && named?.id_pessoa === value ? named : null;

  // The chosen carrier's name, from the local copy (a sale reopened names only its id).
  useEffect(() => {
    if (value === null || named?.id_pessoa === value) return;
    let stale = false;
    findCarrier(localDb(), value)
      .then((hit) => {
        if (!stale) setNamed(hit ?? { id_pessoa: value, nome: `Transportadora ${value}` });
      })
      .catch((e: unknown) => console.error('Falha ao ler a transportadora', e));
    return () => {
      stale = true;
    };
  }, [value, named]);

  useEffect(() => {
    if (!listing) return;
    const timer = setTimeout(() => {
      searchCarriers(localDb(), text)
        .then((rows) => {
          setFound({ key, hits: rows });
          setActive(0);
        })
        .catch((e: unknown) => console.error('Falha na pesquisa de transportadoras', e));
    }, 120);
    return () => clearTimeout(timer);
  }, [text, listing, key]);

  const pick = (hit: CarrierHit | null) => {
    setNamed(hit);
    setText('');
    setBrowsing(false);
    onChange(hit?.id_pessoa ?? null);
  };

  return (
    <div>
      <TextInput
        label="Transportadora"
        aria-label="Transportadora"
        placeholder={chosen ? chosen.nome : 'Digite para procurar (↓ lista todas)'}
        description={chosen ? `Escolhida: ${chosen.nome} (Backspace limpa)` : 'Nenhuma escolhida.'}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            if (!listing) return setBrowsing(true);
            setActive((a) => Math.min(a + 1, hits.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (event.key === 'Enter' && listing) {
            // A list is open: Enter picks from it instead of applying the shipment.
            event.preventDefault();
            const hit = hits[active];
            if (hit) pick(hit);
          } else if (event.key === 'Backspace' && text === '' && value !== null) {
            event.preventDefault();
            pick(null);
          }
        }}
      />
      {listing && found.key === key && (
        hits.length > 0 ? (
          <Table aria-label="Transportadoras encontradas" highlightOnHover mt="xs">
            <Table.Tbody>
              {hits.map((hit, index) => (
                <Table.Tr
                  key={hit.id_pessoa}
                  aria-selected={index === active}
                  bg={index === active ? 'var(--mantine-primary-color-light)' : undefined}
                  onClick={() => pick(hit)}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td>{hit.nome}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed" mt="xs">
            {NO_CARRIER_FOUND}
          </Text>
        )
      )}
      {chosen && (
        <Group mt="xs">
          <Button size="xs" variant="subtle" onClick={() => pick(null)}>
            Sem transportadora
          </Button>
        </Group>
      )}
    </div>
  );
}
