/** Every register's extension of the generic screens (extensions.ts), by the descriptor's name. */
import { AcquirerTab, BankTab } from '../finance-settings/BankTab.tsx';
import { InstallmentsTab, PlanBranchesTab } from '../finance-settings/InstallmentTabs.tsx';
import { PaymentBranchesTab } from '../finance-settings/PaymentBranchesTab.tsx';
import { RatesTab } from '../finance-settings/RatesTab.tsx';
import type { RegisterExtension } from './extensions.ts';

export const REGISTER_EXTENSIONS: Readonly<Partial<Record<string, RegisterExtension>>> = {
  paymentMethod: {
    tabs: [{ label: 'Filiais', Component: PaymentBranchesTab }],
    initial: () => ({ filiais: [] }),
  },
  installment: {
    tabs: [
      { label: 'Parcelas', Component: InstallmentsTab },
      { label: 'Filiais', Component: PlanBranchesTab },
    ],
    initial: () => ({ parcelas: [{ parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 }], filiais: [] }),
  },
  cardOperator: {
    tabs: [
      { label: 'Taxas por parcela', Component: RatesTab },
      { label: 'Adquirente', Component: AcquirerTab },
    ],
    initial: () => ({ taxas_parcela: [], id_pessoa: null }),
  },
  bankAccount: {
    tabs: [{ label: 'Banco da conta', Component: BankTab }],
    initial: () => ({ id_banco: null }),
  },
};
