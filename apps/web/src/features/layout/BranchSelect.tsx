import { useState } from 'react';
import { Select } from '@mantine/core';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { useSignedIn } from '../auth/sessionContext.ts';

/** The active branch, switchable among the user's branches (POST /user/set_active_branch). */
export function BranchSelect() {
  const { session, switchBranch } = useSignedIn();
  const [switching, setSwitching] = useState(false);
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

  return (
    <Select
      aria-label="Filial ativa"
      data={data}
      value={String(usuario.id_filial_ativa)}
      onChange={(value) => void change(value)}
      allowDeselect={false}
      disabled={switching}
      w={{ base: 150, sm: 220 }}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
