/** Creating or editing an inventory's header: description (required) and note; Enter saves, Esc closes. */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { Inventory } from '@pdv/contract/inventory';
import { call } from '../../api/client.ts';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { MESSAGES } from '@pdv/domain/messages';

interface Props {
  /** The inventory edited, or null for a new one. */
  editing: Inventory | null;
  onClose: () => void;
  onSaved: (row: Inventory) => void;
}

export function InventoryFormModal({ editing, onClose, onSaved }: Props) {
  const [descricao, setDescricao] = useState(editing?.descricao ?? '');
  const [observacao, setObservacao] = useState(editing?.observacao ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (descricao.trim() === '') return setError('Informe a descrição.');
    setSaving(true);
    try {
      const fields = { descricao: descricao.trim(), observacao: observacao.trim() || null };
      const row = editing
        ? await call('inventoryUpdate', { id_inventario: editing.id_inventario, ...fields })
        : await call('inventoryCreate', fields);
      toast.success(editing ? MESSAGES.recordUpdated : MESSAGES.recordSaved);
      onSaved(row);
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={editing ? `Editar inventário ${editing.id_inventario}` : 'Novo inventário'} centered>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Stack gap="sm">
          <TextInput label="Descrição" required data-autofocus value={descricao} error={error}
            onChange={(e) => { setDescricao(e.currentTarget.value); setError(null); }} maxLength={100} />
          <Textarea label="Observação" value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancelar</Button>
            <Button type="submit" loading={saving}>Salvar</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
