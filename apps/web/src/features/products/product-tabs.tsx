/**
 * The product register's tabs, in order (002 §2: general, prices, grid/variations, barcodes, logistics units, ...).
 * A tab is a component `({ id_produto, readOnly })`: id_produto is null until the product is first saved. Adding a
 * tab is one line here. The register's own tabs read and write the product through useProductForm().
 */
import type { ComponentType } from 'react';
import { Text } from '@mantine/core';
import { PRODUCT_EXTRA_TABS } from './tabs/index.ts';
import { AtributosTab } from './tabs/AtributosTab.tsx';
import { BarcodesTab } from './tabs/BarcodesTab.tsx';
import { GeneralTab } from './tabs/GeneralTab.tsx';
import { GridTab } from './tabs/GridTab.tsx';
import { LogisticsTab } from './tabs/LogisticsTab.tsx';
import { PricesTab } from './tabs/PricesTab.tsx';

export interface ProductTabProps {
  id_produto: number | null;
  readOnly: boolean;
}

export interface ProductTab {
  key: string;
  label: string;
  Component: ComponentType<ProductTabProps>;
}

/** A tab that keeps its own rows by product (gallery, suppliers, ...) opens once the product has its id. */
function afterFirstSave(Component: ComponentType<{ id_produto: number; readOnly: boolean }>): ComponentType<ProductTabProps> {
  return function SavedProductTab({ id_produto, readOnly }: ProductTabProps) {
    if (id_produto === null) return <Text c="dimmed">Salve o produto para usar esta aba.</Text>;
    return <Component id_produto={id_produto} readOnly={readOnly} />;
  };
}

export const PRODUCT_TABS: readonly ProductTab[] = [
  { key: 'geral', label: 'Geral', Component: GeneralTab },
  { key: 'precos', label: 'Preços', Component: PricesTab },
  { key: 'grade', label: 'Grade/Variações', Component: GridTab },
  { key: 'codigos', label: 'Códigos de barras', Component: BarcodesTab },
  { key: 'unidades', label: 'Unidades logísticas', Component: LogisticsTab },
  { key: 'atributos', label: 'Atributos', Component: AtributosTab },
  ...PRODUCT_EXTRA_TABS.map((tab) => ({ ...tab, Component: afterFirstSave(tab.Component) })),
];
