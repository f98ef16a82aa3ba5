import { useState } from 'react';
import { ComboboxChevron, Select, TextInput } from '@mantine/core';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { useAfterFirstCommit } from './useAfterFirstCommit.ts';

const WIDTH = { base: 150, sm: 220 };

/** The active branch, switchable among the user's branches (POST /user/set_active_branch). */
export function BranchSelect() {
  const { session, switchBranch } = useSignedIn();
  const [switching, setSwitching] = useState(false);
  const withList = useAfterFirstCommit();
  const { usuario } = session;
  const data = usuario.filiais.map((filial) => ({
    value: String(filial.id_filial),
    label: filial.nome_fantasia ?? filial.razao_social,
  }));

  async function change(value: string | null) {
    const id = Number(value);
    if (!value || id === usuario.id_filial_ativa) return;
    setSwitching(true);
    try {
      await switchBranch(id);
      toast.success(`Filial ativa: ${data.find((item) => item.value === value)?.label ?? ''}`);
    } catch (error) {
      showError(error);
    } finally {
      setSwitching(false);
    }
  }

  if (!withList) {
    // The same field without its list, for the header's first render (see useAfterFirstCommit).
    const active = data.find((item) => item.value === String(usuario.id_filial_ativa));
    return (
      <TextInput
        aria-label="Filial ativa"
        value={active?.label ?? ''}
        readOnly
        w={WIDTH}
        size="sm"
        rightSection={<ComboboxChevron size="sm" />}
        rightSectionPointerEvents="none"
      />
    );
  }

  return (
    <Select
      aria-label="Filial ativa"
      data={data}
      value={String(usuario.id_filial_ativa)}
      onChange={(value) => void change(value)}
      allowDeselect={false}
      disabled={switching}
      w={WIDTH}
      size="sm"
      // The list is mounted when opened, not kept hidden in the page: a hidden one is positioned (its layout read) as
      // the header mounts, a forced layout of the whole signed-in screen in the render that follows the sign-in.
      comboboxProps={{ withinPortal: true, keepMounted: false }}
    />
  );
}
