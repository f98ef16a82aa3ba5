/** Every register's extension of the generic screens (extensions.ts), by the descriptor's name. */
import { AdditionalInformationLinksTab, PeripheralsTab, ScenarioExceptionsTab } from '../settings/tabs.tsx';
import type { RegisterExtension } from './extensions.ts';

export const REGISTER_EXTENSIONS: Readonly<Partial<Record<string, RegisterExtension>>> = {
  fiscalScenario: { tabs: [{ label: 'Exceções', Component: ScenarioExceptionsTab }], initial: () => ({ excecoes: [] }) },
  device: { tabs: [{ label: 'Periféricos', Component: PeripheralsTab }], initial: () => ({ perifericos: [] }) },
  additionalInformation: {
    tabs: [{ label: 'Vínculos', Component: AdditionalInformationLinksTab }],
    initial: () => ({ produtos: [], filiais: [], cenarios: [] }),
  },
};
