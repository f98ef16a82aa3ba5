/**
 * A search box over the local copy that picks one option: what is typed is searched (after a short pause) by
 * `search`, the first answer is highlighted, ↑/↓ move and Enter picks. Enter before the answer arrived (a barcode
 * scanner types fast) searches at once and picks the first hit.
 */
import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { CloseButton, Combobox, TextInput, useCombobox } from '@mantine/core';

export interface SearchOption<T> {
  value: string;
  label: string;
  data: T;
}

interface Props<T> {
  label: ReactNode;
  placeholder?: string;
  selected: SearchOption<T> | null;
  /** Must be stable (a module function). */
  search: (text: string) => Promise<SearchOption<T>[]>;
  onPick: (option: SearchOption<T> | null) => void;
  disabled?: boolean;
  readOnly?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  clearable?: boolean;
  nothingFound?: string;
  ref?: Ref<HTMLInputElement>;
  'aria-label'?: string;
}

const SEARCH_DELAY_MS = 150;

export function AsyncSearchSelect<T>({ ref, selected, search, onPick, ...props }: Props<T>) {
  const combobox = useCombobox();
  const [text, setText] = useState(selected?.label ?? '');
  const [found, setFound] = useState<{ query: string; options: SearchOption<T>[] }>({ query: '', options: [] });
  const query = text.trim();

  useEffect(() => {
    if (query === '' || query === selected?.label) return;
    let live = true;
    const timer = setTimeout(() => {
      search(query)
        .then((options) => {
          if (live) setFound({ query, options });
        })
        .catch((error: unknown) => console.error('Falha na pesquisa na cópia local', error));
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, search, selected?.label]);

  useEffect(() => {
    if (found.options.length > 0) combobox.selectFirstOption();
    // The store's methods are stable enough; only new answers move the highlight.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found]);

  const pick = (option: SearchOption<T> | null) => {
    onPick(option);
    setText(option?.label ?? '');
    combobox.closeDropdown();
  };

  const options = found.query === query ? found.options : [];
  return (
    <Combobox store={combobox} onOptionSubmit={(value) => pick(options.find((o) => o.value === value) ?? null)} withinPortal>
      <Combobox.Target>
        <TextInput
          ref={ref}
          label={props.label}
          aria-label={props['aria-label']}
          placeholder={props.placeholder}
          description={props.description}
          error={props.error}
          disabled={props.disabled}
          readOnly={props.readOnly}
          variant={props.readOnly ? 'filled' : 'default'}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={text}
          autoComplete="off"
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => {
            if (!props.readOnly) combobox.openDropdown();
          }}
          onBlur={() => {
            combobox.closeDropdown();
            setText(selected?.label ?? '');
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || query === '' || query === selected?.label || found.query === query) return;
            event.preventDefault();
            search(query)
              .then((hits) => {
                if (hits[0]) pick(hits[0]);
                else setFound({ query, options: [] });
              })
              .catch((error: unknown) => console.error('Falha na pesquisa na cópia local', error));
          }}
          rightSection={
            props.clearable && selected && !props.disabled && !props.readOnly ? (
              <CloseButton size="sm" aria-label="Limpar" onMouseDown={(e) => e.preventDefault()} onClick={() => pick(null)} />
            ) : (
              <Combobox.Chevron />
            )
          }
          rightSectionPointerEvents={props.clearable && selected && !props.readOnly ? 'all' : 'none'}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={query === '' || query === selected?.label}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {found.query !== query ? (
            <Combobox.Empty>Pesquisando…</Combobox.Empty>
          ) : options.length === 0 ? (
            <Combobox.Empty>{props.nothingFound ?? 'Nada encontrado'}</Combobox.Empty>
          ) : (
            options.map((option) => (
              <Combobox.Option value={option.value} key={option.value}>
                {option.label}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
