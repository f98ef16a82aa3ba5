import { useLocalStorage } from '@mantine/hooks';

export const MENU_COLLAPSED_KEY = 'pdv_menu_recolhido';

/** The menu-collapsed preference (002 §2), kept across sessions and reloads. */
export function useMenuCollapsed() {
  const [collapsed, setCollapsed] = useLocalStorage<boolean>({
    key: MENU_COLLAPSED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  return { collapsed, toggle: () => setCollapsed((value) => !value) } as const;
}
