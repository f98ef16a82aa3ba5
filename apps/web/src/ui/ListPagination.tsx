/** The pages of a list (shown only when there is more than one), with pt-BR names for the controls. */
import { Group, Pagination } from '@mantine/core';

const CONTROL_LABELS = { first: 'Primeira página', previous: 'Página anterior', next: 'Próxima página', last: 'Última página' } as const;

export function ListPagination({ pages, page, onChange }: { pages: number; page: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Group justify="flex-end">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        getItemProps={(n) => ({ 'aria-label': `Página ${n}` })}
      />
    </Group>
  );
}
