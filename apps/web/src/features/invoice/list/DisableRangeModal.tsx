/** /nfe/inutilizar_faixa: a range of numbers of a series that will never be used (serie, modelo, range, reason). */
import { useState } from 'react';
import { Button, Group, Kbd, Modal, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { nfeDisableRangeBody } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { call } from '../../../api/client.ts';
import { showError } from '../../../ui/showError.ts';
import { showOutcome } from '../fiscalActions.ts';
import { eventOutcome } from '../outcome.ts';
import { TEXTS } from '../texts.ts';

interface Props {
  opened: boolean;
  idFilial: number;
  onClose: () => void;
  onDone: () => void;
}

export function DisableRangeModal(props: Props) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={TEXTS.disableRangeTitle} centered size="lg">
      {props.opened && <DisableRangeForm {...props} />}
    </Modal>
  );
}

function DisableRangeForm({ idFilial, onClose, onDone }: Props) {
  const [modelo, setModelo] = useState<'55' | '65'>('55');
  const [serie, setSerie] = useState<number | string>(1);
  const [inicial, setInicial] = useState<number | string>('');
  const [final, setFinal] = useState<number | string>('');
  const [justificativa, setJustificativa] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const submit = async () => {
    const body = {
      serie: Number(serie),
      modelo,
      numeracaoInicial: Number(inicial),
      numeracaoFinal: Number(final),
      justificativa: justificativa.replace(/\s+/g, ' ').trim(),
      id_filial: idFilial,
    };
    const parsed = nfeDisableRangeBody.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? FISCAL_MESSAGES.justificationLength);
    if (body.numeracaoFinal < body.numeracaoInicial) return setError(FISCAL_MESSAGES.rangeInvalid);
    setRunning(true);
    try {
      const outcome = eventOutcome(await call('nfeInutilizarFaixa', body));
      showOutcome(outcome);
      if (outcome.kind === 'success') {
        onDone();
        onClose();
      }
    } catch (e) {
      showError(e);
    } finally {
      setRunning(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Group grow>
          <Select
            label="Modelo"
            data={[
              { value: '55', label: '55 - NF-e' },
              { value: '65', label: '65 - NFC-e' },
            ]}
            value={modelo}
            onChange={(v) => setModelo(v === '65' ? '65' : '55')}
            allowDeselect={false}
            data-autofocus
          />
          <NumberInput label="Série" value={serie} onChange={setSerie} min={0} max={999} allowDecimal={false} />
        </Group>
        <Group grow>
          <NumberInput label="Número inicial" value={inicial} onChange={setInicial} min={1} allowDecimal={false} />
          <NumberInput label="Número final" value={final} onChange={setFinal} min={1} allowDecimal={false} />
        </Group>
        <Textarea
          label={TEXTS.justification}
          value={justificativa}
          onChange={(e) => {
            setJustificativa(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
          autosize
          minRows={2}
          description={`${justificativa.trim().length} de 15 a 255 caracteres`}
        />
        {error && (
          <div role="alert" style={{ color: 'var(--mantine-color-red-7)' }}>
            {error}
          </div>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} rightSection={<Kbd size="xs">Esc</Kbd>}>
            Voltar
          </Button>
          <Button type="submit" color="red" loading={running} rightSection={<Kbd size="xs">Ctrl+Enter</Kbd>}>
            {TEXTS.confirmDisable}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
