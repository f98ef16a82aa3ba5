/**
 * The main search in the header (002 §2): Ctrl+K focuses it from anywhere; typing shows the shortcuts and records by
 * group; ↑/↓ move across the groups, Enter opens the selected line, Esc closes. A combobox with a listbox, so a screen
 * reader follows the selection.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Box, Group, Kbd, Loader, Popover, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { GROUP_ORDER, groupStarts, type ResultGroup, type SearchResult } from './ranking.ts';
import { SEARCH_TEXTS } from './texts.ts';
import { useMainSearch } from './useMainSearch.ts';

const LISTBOX_ID = 'main-search-results';
const optionId = (index: number) => `main-search-option-${index}`;

export function MainSearch() {
  const search = useMainSearch();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  // Ctrl+K from anywhere, inside other inputs too (the point of sale's search has the focus there).
  useHotkeys([['mod+K', () => input.current?.focus()]], []);

  const close = () => {
    search.setQuery('');
    input.current?.blur();
  };
  const open = (result: SearchResult | undefined) => {
    if (!result) return;
    close();
    void navigate(result.path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const handled: Record<string, () => void> = {
      ArrowDown: () => search.move(1),
      ArrowUp: () => search.move(-1),
      Enter: () => open(search.results[search.selected]),
      Escape: close,
    };
    const action = handled[event.key];
    if (!action) return;
    // The screen's own keys (the point of sale's Esc, Enter) do not see what the search used.
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  const shown = focused && search.query.trim() !== '';
  const active = search.selected >= 0 ? optionId(search.selected) : undefined;
  useEffect(() => {
    if (shown && active) document.getElementById(active)?.scrollIntoView({ block: 'nearest' });
  }, [shown, active]);
  const starts = groupStarts(search.groups);

  return (
    <Popover opened={shown} position="bottom-start" width={460} trapFocus={false} returnFocus={false} shadow="md" offset={4}>
      <Popover.Target>
        <TextInput
          ref={input}
          w={{ base: 180, md: 320 }}
          size="sm"
          placeholder={SEARCH_TEXTS.placeholder}
          aria-label={SEARCH_TEXTS.label}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={LISTBOX_ID}
          aria-activedescendant={shown ? active : undefined}
          autoComplete="off"
          spellCheck={false}
          value={search.query}
          onChange={(event) => search.setQuery(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          rightSection={search.searching ? <Loader size={14} /> : <Kbd size="xs">Ctrl K</Kbd>}
          rightSectionWidth={search.searching ? 32 : 56}
        />
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <ScrollArea.Autosize mah="70vh" type="auto">
          <Box id={LISTBOX_ID} role="listbox" aria-label={SEARCH_TEXTS.label}>
            {search.groups.map((group, g) => (
              <ResultGroupView
                key={group.key}
                group={group}
                start={starts[g] ?? 0}
                selected={search.selected}
                onPick={(i) => open(search.results[i])}
              />
            ))}
            {search.groups.length === 0 && (
              <Text size="sm" c="dimmed" p="xs">
                {search.searching ? SEARCH_TEXTS.searching : SEARCH_TEXTS.nothing}
              </Text>
            )}
          </Box>
        </ScrollArea.Autosize>
        <Text size="xs" c="dimmed" px="xs" pt={4} pb={2}>
          {SEARCH_TEXTS.hint}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}

interface GroupViewProps {
  group: ResultGroup;
  start: number;
  selected: number;
  onPick: (index: number) => void;
}

function ResultGroupView({ group, start, selected, onPick }: GroupViewProps) {
  const titleId = `main-search-group-${GROUP_ORDER.indexOf(group.key)}`;
  return (
    <Box role="group" aria-labelledby={titleId} mb={4}>
      <Text id={titleId} size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt={6} pb={2}>
        {SEARCH_TEXTS.groups[group.key]}
      </Text>
      <Stack gap={0}>
        {group.results.map((result, i) => {
          const index = start + i;
          const isSelected = index === selected;
          return (
            <UnstyledButton
              key={result.key}
              id={optionId(index)}
              role="option"
              aria-selected={isSelected}
              tabIndex={-1}
              // The input keeps the focus: a click picks without blurring it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(index)}
              px="xs"
              py={4}
              style={{
                borderRadius: 4,
                background: isSelected ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" truncate="end" fw={isSelected ? 600 : 400}>
                  {result.label}
                </Text>
                {result.detail && (
                  <Text size="xs" c="dimmed" truncate="end" maw="55%">
                    {result.detail}
                  </Text>
                )}
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
      {group.note && (
        <Text size="xs" c="dimmed" px="xs" py={4} role="note">
          {group.note}
        </Text>
      )}
    </Box>
  );
}
