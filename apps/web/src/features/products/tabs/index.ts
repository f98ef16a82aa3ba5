/**
 * The product register's own tabs, in the order of 002 §2 (after Atributos), each a component of
 * `{ id_produto, readOnly }` that loads and saves through its own routes.
 */
import type { ComponentType } from 'react';
import { CenariosFiscaisTab } from './CenariosFiscaisTab.tsx';
import { CombustivelAnpTab } from './CombustivelAnpTab.tsx';
import { FornecedoresTab } from './FornecedoresTab.tsx';
import { GaleriaTab } from './GaleriaTab.tsx';
import { InformacaoNutricionalTab } from './InformacaoNutricionalTab.tsx';
import { KitTab } from './KitTab.tsx';
import { MovimentacoesEstoqueTab } from './MovimentacoesEstoqueTab.tsx';

export interface ProductTabProps {
  id_produto: number;
  readOnly: boolean;
}

export const PRODUCT_EXTRA_TABS: ReadonlyArray<{ key: string; label: string; Component: ComponentType<ProductTabProps> }> = [
  { key: 'galeria', label: 'Galeria', Component: GaleriaTab },
  { key: 'fornecedores', label: 'Fornecedores', Component: FornecedoresTab },
  { key: 'cenarios-fiscais', label: 'Cenários fiscais', Component: CenariosFiscaisTab },
  { key: 'informacao-nutricional', label: 'Informação nutricional', Component: InformacaoNutricionalTab },
  { key: 'anp', label: 'Combustível (ANP)', Component: CombustivelAnpTab },
  { key: 'kit', label: 'Kit', Component: KitTab },
  { key: 'movimentacoes', label: 'Movimentações de estoque', Component: MovimentacoesEstoqueTab },
];
