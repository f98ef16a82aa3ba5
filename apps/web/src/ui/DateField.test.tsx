// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { renderUi } from '../testing/dom.tsx';
import { DateField } from './MaskedInputs.tsx';

function Harness({ onChange }: { onChange: (iso: string) => void }) {
  const [value, setValue] = useState('2026-11-01');
  return (
    <>
      <DateField
        label="Cadastrados de"
        value={value}
        onChange={(iso) => {
          onChange(iso);
          setValue(iso);
        }}
      />
      <Button onClick={() => setValue('2026-10-05')}>Limpar filtros</Button>
    </>
  );
}

describe('a date field', () => {
  it('shows dd/mm/aaaa, tells only whole valid dates or empty, marks a bad one on leaving and follows a reset', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Cadastrados de');
    expect(input).toHaveProperty('value', '01/11/2026');
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
    onChange.mockClear();
    await user.type(input, '3102');
    expect(input).toHaveProperty('value', '31/02');
    expect(onChange).not.toHaveBeenCalled();
    await user.type(input, '2026');
    await user.tab();
    expect(onChange).not.toHaveBeenCalled(); // 31/02/2026 does not exist
    expect(screen.getByText('Data inválida.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '15032026');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-15');
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(input).toHaveProperty('value', '05/10/2026');
  });
});
