/**
 * The branch form's own tabs (the register extension of 'branch', extension-table.ts): the address with the IBGE
 * city picker (the descriptor's `extra` members, sent with Salvar), the certificate and logo, the e-mail accounts,
 * and the organization's active platform apps. The file and e-mail tabs act on a saved branch: a new one is saved first.
 */
import { Grid, Stack, Text, TextInput } from '@mantine/core';
import { MaskedInput } from '../../ui/MaskedInputs.tsx';
import { maskCep } from '../../ui/masks.ts';
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { BranchApps } from './BranchApps.tsx';
import { BranchCertificate } from './BranchCertificate.tsx';
import { BranchEmails } from './BranchEmails.tsx';
import { BranchLogo } from './BranchLogo.tsx';
import { CityPicker } from './CityPicker.tsx';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function BranchAddressTab({ row, values, set, errors, readOnly }: ExtensionTabProps) {
  const input = (name: string, label: string, max: number) => (
    <TextInput label={label} name={name} maxLength={max} readOnly={readOnly} value={text(values[name])}
      onChange={(e) => set(name, e.currentTarget.value)} error={errors[name]} />
  );
  const id = typeof values['id_cidade'] === 'number' ? values['id_cidade'] : null;
  const initial = row && typeof row['id_cidade'] === 'number'
    ? { id_cidade: row['id_cidade'], nome: text(row['cidade']), uf: text(row['uf']) }
    : null;
  return (
    <Stack gap="sm" maw={720}>
      <Grid>
        <Grid.Col span={4}>
          <MaskedInput label="CEP" name="cep" mask={maskCep} readOnly={readOnly} value={text(values['cep'])}
            onChange={(v) => set('cep', v)} error={errors['cep']} />
        </Grid.Col>
        <Grid.Col span={8}>
          <CityPicker value={id} initial={initial} readOnly={readOnly} error={errors['id_cidade']}
            onChange={(city) => {
              set('id_cidade', city?.id_cidade ?? null);
              set('cidade', city?.nome ?? null);
              set('uf', city?.uf ?? null);
            }} />
        </Grid.Col>
      </Grid>
      {input('endereco', 'Endereço', 150)}
      <Grid>
        <Grid.Col span={4}>{input('numero', 'Número', 20)}</Grid.Col>
        <Grid.Col span={8}>{input('complemento', 'Complemento', 100)}</Grid.Col>
      </Grid>
      {input('bairro', 'Bairro', 100)}
      <Text size="xs" c="dimmed">A cidade vem da tabela do IBGE: o nome e a UF são os do código escolhido.</Text>
    </Stack>
  );
}

function SaveFirst({ what }: { what: string }) {
  return <Text c="dimmed" size="sm">{`Salve a filial para enviar ${what}.`}</Text>;
}

export function BranchFilesTab({ row, readOnly }: ExtensionTabProps) {
  if (!row) return <SaveFirst what="o certificado digital e o logotipo" />;
  const id = Number(row['id_filial']);
  return (
    <Stack gap="md" maw={900}>
      <BranchCertificate id_filial={id} readOnly={readOnly} />
      <BranchLogo id_filial={id} readOnly={readOnly} />
    </Stack>
  );
}

export function BranchEmailsTab({ row, readOnly }: ExtensionTabProps) {
  if (!row) return <SaveFirst what="as contas de e-mail" />;
  return (
    <Stack maw={900}>
      <BranchEmails id_filial={Number(row['id_filial'])} readOnly={readOnly} />
    </Stack>
  );
}

export function BranchAppsTab() {
  return (
    <Stack maw={900}>
      <BranchApps />
    </Stack>
  );
}
