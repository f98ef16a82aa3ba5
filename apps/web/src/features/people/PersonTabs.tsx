/**
 * The person form's own tabs (002 §3 Person): its addresses (several, exactly one main, 'Endereço Padrão' by default;
 * addresses.ts) and the branches it is registered in (none marked: every branch).
 */
import { Alert, Button, Checkbox, Fieldset, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { maskCep, maskPhone } from '../../ui/masks.ts';
import { useBranchOptions } from '../finance-settings/branches.ts';
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { addAddress, addressRows, editAddress, removeAddress, setMainAddress, type AddressValues } from './addresses.ts';

function TabError({ text }: { text: string | undefined }) {
  return text ? (
    <Alert color="red" variant="light" role="alert">
      {text}
    </Alert>
  ) : null;
}

const digits = (v: string) => v.replace(/\D/g, '');

export function AddressesTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const rows = addressRows(values['enderecos']);
  const put = (next: AddressValues[]) => set('enderecos', next);
  const main = rows.findIndex((r) => r.is_principal === true && r.is_excluido !== true);
  const text = (index: number, name: keyof AddressValues, label: string, extra: { mask?: (v: string) => string; strip?: (v: string) => string; max?: number } = {}) => {
    const raw = rows[index]?.[name];
    const shown = typeof raw === 'string' ? raw : '';
    return (
      <TextInput
        label={label}
        aria-label={`${label} do endereço ${index + 1}`}
        readOnly={readOnly}
        maxLength={extra.max}
        value={extra.mask ? extra.mask(shown) : shown}
        onChange={(e) => put(editAddress(rows, index, { [name]: extra.strip ? extra.strip(e.currentTarget.value) : e.currentTarget.value }))}
      />
    );
  };
  return (
    <Stack gap="sm" maw={900}>
      <Radio.Group value={main < 0 ? '' : String(main)} onChange={(v) => !readOnly && put(setMainAddress(rows, Number(v)))}>
        <Stack gap="sm">
          {rows.map((r, index) =>
            r.is_excluido === true ? null : (
              <Fieldset key={r.id_pessoa_endereco ?? `novo-${index}`} legend={`Endereço ${index + 1}${r.is_principal ? ' (principal)' : ''}`}>
                <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
                  {text(index, 'descricao', 'Descrição', { max: 60 })}
                  {text(index, 'cep', 'CEP', { mask: maskCep, strip: digits })}
                  {text(index, 'endereco', 'Logradouro', { max: 150 })}
                  {text(index, 'numero', 'Número', { max: 20 })}
                  {text(index, 'complemento', 'Complemento', { max: 100 })}
                  {text(index, 'bairro', 'Bairro', { max: 100 })}
                  {text(index, 'cidade', 'Cidade', { max: 100 })}
                  {text(index, 'uf', 'UF', { max: 2, strip: (v) => v.toUpperCase() })}
                  {text(index, 'telefone', 'Telefone', { mask: maskPhone, strip: digits })}
                  {text(index, 'nome', 'Contato', { max: 100 })}
                </SimpleGrid>
                <Group mt="xs" justify="space-between">
                  <Radio value={String(index)} label="Endereço principal" disabled={readOnly} />
                  {!readOnly && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => put(removeAddress(rows, index))}>
                      Remover endereço {index + 1}
                    </Button>
                  )}
                </Group>
              </Fieldset>
            ),
          )}
        </Stack>
      </Radio.Group>
      {rows.every((r) => r.is_excluido === true) && (
        <Text size="sm" c="dimmed">
          Nenhum endereço.
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button variant="light" size="xs" onClick={() => put(addAddress(rows))} disabled={rows.length >= 50}>
            Adicionar endereço
          </Button>
        </Group>
      )}
      <TabError text={errors['enderecos']} />
    </Stack>
  );
}

export function PersonBranchesTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const chosen = Array.isArray(values['filiais']) ? (values['filiais'] as number[]) : [];
  const options = useBranchOptions(chosen);
  return (
    <Stack gap="sm" maw={720}>
      <Text size="sm" c="dimmed">
        A pessoa fica disponível nas filiais marcadas; sem nenhuma marcada, em todas.
      </Text>
      {options.map((b) => (
        <Checkbox
          key={b.id_filial}
          label={b.nome}
          disabled={readOnly}
          checked={chosen.includes(b.id_filial)}
          onChange={(e) => set('filiais', e.currentTarget.checked ? [...chosen, b.id_filial] : chosen.filter((id) => id !== b.id_filial))}
        />
      ))}
      <TabError text={errors['filiais']} />
    </Stack>
  );
}
