/** Every register's extension of the generic screens (extensions.ts), by the descriptor's name. */
import { BranchAddressTab, BranchAppsTab, BranchEmailsTab, BranchFilesTab } from '../branch/BranchTabs.tsx';
import type { RegisterExtension } from './extensions.ts';

export const REGISTER_EXTENSIONS: Readonly<Partial<Record<string, RegisterExtension>>> = {
  branch: {
    tabs: [
      { label: 'Endereço', Component: BranchAddressTab },
      { label: 'Certificado e logotipo', Component: BranchFilesTab },
      { label: 'E-mails', Component: BranchEmailsTab },
      { label: 'Aplicativos', Component: BranchAppsTab },
    ],
  },
};
