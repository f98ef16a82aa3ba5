/** Every register's extension of the generic screens (extensions.ts), by the descriptor's name. */
import { AdditionalInformationLinksTab, PeripheralsTab, ScenarioExceptionsTab } from '../settings/tabs.tsx';
import { proposePassword } from '../admin/access-values.ts';
import { ProfileBranchesTab } from '../admin/ProfileBranchesTab.tsx';
import { ProfilePermissionsTab } from '../admin/ProfilePermissionsTab.tsx';
import { resetPasswordOf } from '../admin/resetPassword.tsx';
import { UserAccessTab } from '../admin/UserAccessTab.tsx';
import { BranchAddressTab, BranchAppsTab, BranchEmailsTab, BranchFilesTab } from '../branch/BranchTabs.tsx';
import { attributeExtension, categoryExtension, serviceExtension, treeCell } from './catalogue-extensions.tsx';
import { AcquirerTab, BankTab } from '../finance-settings/BankTab.tsx';
import { InstallmentsTab, PlanBranchesTab } from '../finance-settings/InstallmentTabs.tsx';
import { PaymentBranchesTab } from '../finance-settings/PaymentBranchesTab.tsx';
import { RatesTab } from '../finance-settings/RatesTab.tsx';
import { AddressesTab, PersonBranchesTab } from '../people/PersonTabs.tsx';
import { PriceConfigurationRulesTab, PriceTableBranchesTab, PriceTableRulesTab, PromotionCashbackTab, PromotionDiscountsTab } from '../prices/PriceTabs.tsx';
import { CashbackTab } from '../cashback/CashbackTab.tsx';
import type { RegisterExtension } from './extensions.ts';
import { CommissionCategoriesTab, CommissionPaymentMethodsTab, CommissionRangesTab, CommissionSellersTab } from '../commission/CommissionTabs.tsx';
import { IndexerVariationsTab } from './IndexerVariationsTab.tsx';
import { LabelParametersTab } from '../labels/LabelParametersTab.tsx';

export const REGISTER_EXTENSIONS: Readonly<Partial<Record<string, RegisterExtension>>> = {
  fiscalScenario: { tabs: [{ label: 'Exceções', Component: ScenarioExceptionsTab }], initial: () => ({ excecoes: [] }) },
  device: { tabs: [{ label: 'Periféricos', Component: PeripheralsTab }], initial: () => ({ perifericos: [] }) },
  label: { tabs: [{ label: 'Parâmetros', Component: LabelParametersTab }], initial: () => ({ parametros: [] }) },
  additionalInformation: {
    tabs: [{ label: 'Vínculos', Component: AdditionalInformationLinksTab }],
    initial: () => ({ produtos: [], filiais: [], cenarios: [] }),
  },
  profile: {
    tabs: [
      { label: 'Permissões', Component: ProfilePermissionsTab },
      { label: 'Filiais', Component: ProfileBranchesTab },
    ],
    initial: () => ({ perfil_permissao: [], filiais: [] }),
  },
  user: {
    tabs: [{ label: 'Filiais e senha', Component: UserAccessTab }],
    // A new user's temporary password, proposed and shown in its tab (the user chooses their own at the first sign-in).
    initial: () => ({ perfis: [], senha: proposePassword() }),
    rowActions: [{ label: 'Redefinir senha', manage: true, run: (row) => resetPasswordOf(row) }],
  },
  branch: {
    tabs: [
      { label: 'Endereço', Component: BranchAddressTab },
      { label: 'Certificado e logotipo', Component: BranchFilesTab },
      { label: 'E-mails', Component: BranchEmailsTab },
      { label: 'Aplicativos', Component: BranchAppsTab },
    ],
  },
  category: categoryExtension,
  attribute: attributeExtension,
  service: serviceExtension,
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
  // The financial trees show their depth like the categories.
  costCenter: { cell: treeCell },
  accountPlan: { cell: treeCell },
  bankAccount: {
    tabs: [{ label: 'Banco da conta', Component: BankTab }],
    initial: () => ({ id_banco: null }),
  },
  priceIndexer: { tabs: [{ label: 'Variações', Component: IndexerVariationsTab }] },
  tablePrice: {
    tabs: [
      { label: 'Regras por categoria', Component: PriceTableRulesTab },
      { label: 'Filiais', Component: PriceTableBranchesTab },
    ],
    initial: () => ({ itens: [], filiais: [] }),
  },
  promotion: {
    tabs: [{ label: 'Descontos', Component: PromotionDiscountsTab }, { label: 'Cashback', Component: PromotionCashbackTab }],
    initial: () => ({ categorias: [] }),
  },
  priceConfiguration: {
    tabs: [{ label: 'Regras de markup', Component: PriceConfigurationRulesTab }],
    initial: () => ({ regras: [] }),
  },
  commissionGroup: {
    tabs: [
      { label: 'Vendedores', Component: CommissionSellersTab },
      { label: 'Categorias e produtos', Component: CommissionCategoriesTab },
      { label: 'Faixas de meta', Component: CommissionRangesTab },
      { label: 'Meios de pagamento', Component: CommissionPaymentMethodsTab },
    ],
    initial: () => ({ vendedores: [], categorias: [], faixas: [], meios_pagamento: [] }),
    listActions: [{ label: 'Relatório', shortcut: 'Alt+P', path: '/commission/report' }],
  },
  person: {
    tabs: [
      { label: 'Endereços', Component: AddressesTab },
      { label: 'Filiais', Component: PersonBranchesTab },
      { label: 'Cashback', Component: CashbackTab },
    ],
    initial: () => ({ enderecos: [], filiais: [] }),
  },
};
