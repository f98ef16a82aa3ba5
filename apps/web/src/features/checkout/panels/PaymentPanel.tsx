/**
 * F8: a payment: method from the local copy, amount (the balance by default), installments, card operator, the bank
 * account when the method requires one (obrigar_conta), change. Tab moves between the fields, Enter adds (in
 * Parcelas too, once its list is closed). The screen keeps the panel open for the next payment until the sale is
 * covered. A method's tecla_atalho (register of payment methods) picks it while the panel is open, wherever the focus
 * is in it, before the screen's own key (F2 closes the panel only when no method has F2). A credit voucher is judged with every line of the sale that names it (voucherBalanceError).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Drawer, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import type { LocalRow } from '../../../db/database.ts';
import { makePayment, makePaymentMethod } from '@pdv/domain/factories';
import { formatDecimalBR, formatMoney, fromDecimal, parseMoneyBR, type Cents } from '@pdv/domain/money';
import { buildInstallments } from '@pdv/domain/payment';
import { isCard, isCash, isCashback, type PaymentMethod } from '@pdv/domain/payment-method';
import { redemptionError } from '@pdv/domain/cashback';
import type { TillCashback } from '../cashback.ts';
import { validatePayment } from '@pdv/domain/payment-validation';
import { installmentPlanError } from '@pdv/domain/sale-build';
import type { GiftCard } from '@pdv/contract/order';
import { isVoucherMethod, VOUCHER_MESSAGES, type VoucherFacts } from '@pdv/domain/voucher-rules';
import { VoucherCodeField } from '../modes/voucher/VoucherCodeField.tsx';
import { voucherBalanceError } from '../modes/voucher/voucherDraft.ts';
import type { StoredPayment } from '../../outbox/types.ts';
import { textOf, type SaleContext } from '../catalog.ts';
import { methodOfKey } from './methodShortcut.ts';
import { CARD_TERMINAL_MESSAGES, terminalFlow } from '@pdv/domain/card-terminal';
import { PERIPHERAL_KEYS } from '@pdv/domain/print-connector';
import { choosePeripheral } from '../../peripherals/PeripheralModals.tsx';
import { peripheralFor } from '../../peripherals/peripheralStore.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { runTef, runVero, type TerminalResult } from '../terminal/cardTerminal.ts';
import { enterPicksFirstOption } from '../../../ui/comboboxEnter.ts';
import { PixChargeModal } from '../pix/PixChargeModal.tsx';
import { MEIO_PAGAMENTO } from '@pdv/domain/payment-method';

interface Props {
  opened: boolean;
  context: SaleContext;
  idOperacao: string;
  idCliente: number | null;
  /** The operation's branch: a credit voucher pays in the branch that issued it. */
  idFilial: number;
  saldo: Cents;
  /** The payments already in the sale (a voucher is judged with every line that names it). */
  pagamentos: readonly StoredPayment[];
  /**
   * What this device's operations not yet sent take from a voucher (the local copy's share of its balance); the
   * lookup's balance is lowered by it.
   */
  voucherHeld?: (idValeCredito: number) => Promise<Cents>;
  /** The customer's cashback this till may redeem (checkout/cashback.ts tillCashback); absent: no cashback payment. */
  cashback?: () => Promise<TillCashback | null>;
  onClose: () => void;
  onAdd: (payment: Omit<StoredPayment, 'ordem'>) => void;
}

export function methodOf(row: LocalRow): PaymentMethod {
  return makePaymentMethod({
    id_meio_pagamento: Number(row['id_meio_pagamento']),
    descricao: textOf(row, 'descricao'),
    meio_pagamento: textOf(row, 'meio_pagamento'),
    utilizar_parcela: row['utilizar_parcela'] === true,
    obrigar_parcelamento: row['obrigar_parcelamento'] === true,
    obrigar_conta: row['obrigar_conta'] === true,
    utilizar_captura: row['utilizar_captura'] === true,
    modelo_captura: typeof row['modelo_captura'] === 'string' ? row['modelo_captura'] : null,
  });
}

export function PaymentPanel(props: Props) {
  return (
    <Drawer opened={props.opened} onClose={props.onClose} position="right" title="Pagamento (F8)">
      {/* A new form per payment added: the panel stays open for the next one with the new balance. */}
      {props.opened && <PaymentForm key={props.pagamentos.length} {...props} />}
    </Drawer>
  );
}

function PaymentForm({ context, idOperacao, idCliente, idFilial, saldo, pagamentos, voucherHeld, cashback, onAdd }: Props) {
  const [methodId, setMethodId] = useState<string | null>(null);
  const [amount, setAmount] = useState(formatDecimalBR(saldo));
  // The proposed amount follows the balance until the cashier types one (a line scanned just before F8 lands after
  // the panel opened).
  const [amountTyped, setAmountTyped] = useState(false);
  const [proposedFor, setProposedFor] = useState(saldo);
  if (!amountTyped && proposedFor !== saldo) {
    setProposedFor(saldo);
    setAmount(formatDecimalBR(saldo));
  }
  const [parcelas, setParcelas] = useState('1');
  const [operatorId, setOperatorId] = useState<string | null>(null);
  const [accountId, setAccountId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The credit voucher looked up for a Vale Crédito payment. */
  const [voucher, setVoucher] = useState<GiftCard | null>(null);
  /** The voucher's facts as the point of sale judges them: its balance less what operations not yet sent hold. */
  const [voucherFacts, setVoucherFacts] = useState<VoucherFacts | null>(null);
  const voucherLookup = useRef(0);
  /** The customer's cashback for a Programa de Fidelidade payment (cashback.ts), read when that method is chosen. */
  const [cashbackFacts, setCashbackFacts] = useState<TillCashback | null>(null);
  /** The card terminal at work (issue 28): its messages, shown while the payment waits for it. */
  const [terminal, setTerminal] = useState<string[] | null>(null);
  /** A PIX waiting for the bank (issue 26): the line to add once the charge is paid. */
  const [pix, setPix] = useState<Omit<StoredPayment, 'ordem'> | null>(null);
  const methodInput = useRef<HTMLInputElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  /** Whether the Parcelas list is open (Enter then picks an option; closed, Enter adds the payment). */
  const parcelasOpen = useRef(false);
  // The next payment of a sale not yet covered starts on the method, as the first did.
  useEffect(() => {
    if (pagamentos.length > 0) methodInput.current?.focus();
  }, [pagamentos.length]);
  const row = context.methods.find((m) => String(m['id_meio_pagamento']) === methodId) ?? null;
  const method = row ? methodOf(row) : null;
  const card = method !== null && isCard(method.meio_pagamento);
  const voucherMethod = method !== null && isVoucherMethod(method.meio_pagamento);
  const cashbackMethod = method !== null && isCashback(method.meio_pagamento);
  const cashbackTaken = pagamentos.filter((p) => isCashback(p.meio_pagamento?.meio_pagamento ?? '')).reduce((t, p) => t + p.valor_total, 0);
  const plan = context.installments.find((p) => p['id_parcelamento'] === row?.['id_parcelamento']);
  const planDays = Array.isArray(plan?.['parcelas']) ? (plan['parcelas'] as LocalRow[]).map((p) => Number(p['dias_parcela'])) : [];
  const maxParcelas = method?.utilizar_parcela ? Math.max(1, planDays.length || 1) : 1;
  const value = parseMoneyBR(amount);
  const change = method && isCash(method.meio_pagamento) && value !== null ? Math.max(0, value - saldo) : 0;
  const operators = useMemo(
    () => context.operators.map((o) => ({ value: String(o['id_operadora_cartao']), label: textOf(o, 'nome') })),
    [context.operators],
  );
  const defaultAccount = typeof row?.['id_conta'] === 'number' ? row['id_conta'] : null;
  const accounts = useMemo(() => {
    const listed = context.accounts.map((a) => ({ value: String(a.id_conta), label: a.descricao }));
    const known = defaultAccount === null || listed.some((a) => a.value === String(defaultAccount));
    return known ? listed : [...listed, { value: String(defaultAccount), label: `Conta ${defaultAccount}` }];
  }, [context.accounts, defaultAccount]);
  const needsAccount = method?.obrigar_conta === true;

  const chooseMethod = (id: string | null) => {
    setMethodId(id);
    setParcelas('1');
    const chosen = context.methods.find((m) => String(m['id_meio_pagamento']) === id);
    const operator = chosen?.['id_operadora_cartao'];
    setOperatorId(typeof operator === 'number' ? String(operator) : null);
    const account = chosen?.['id_conta'];
    setAccountId(typeof account === 'number' ? String(account) : null);
    voucherLookup.current += 1;
    setVoucher(null);
    setVoucherFacts(null);
    setCashbackFacts(null);
    setError(null);
    if (chosen && isCashback(textOf(chosen, 'meio_pagamento')) && cashback) {
      void cashback().then((facts) => {
        setCashbackFacts(facts);
        // The balance due, or the cashback this till may still redeem when it is less.
        if (facts) {
          setAmountTyped(true);
          setAmount(formatDecimalBR(Math.max(0, Math.min(saldo, facts.disponivel - cashbackTaken))));
        }
      });
    }
  };

  // A method's shortcut key picks it; the value is then selected, so Enter adds the payment or a typed value replaces it.
  const latestChoose = useRef(chooseMethod);
  useLayoutEffect(() => {
    latestChoose.current = chooseMethod;
  });
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const picked = methodOfKey(context.methods, event);
      if (!picked) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      latestChoose.current(String(picked['id_meio_pagamento']));
      amountInput.current?.focus();
      amountInput.current?.select();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [context.methods]);

  const foundVoucher = async (found: GiftCard | null) => {
    // The voucher is shown (its balance beside the code) only with its facts: a cashier pressing Enter between the
    // two got 'Informe o código do vale crédito.' with the voucher on screen (seen in e2e). A lookup overtaken by a
    // newer one is dropped.
    const lookup = (voucherLookup.current += 1);
    setVoucherFacts(null);
    if (!found) return setVoucher(null);
    const held = voucherHeld ? await voucherHeld(found.id_vale_credito) : 0;
    if (lookup !== voucherLookup.current) return;
    setVoucher(found);
    const taken = pagamentos.filter((p) => p.id_vale_credito === found.id_vale_credito).reduce((t, p) => t + p.valor_total, 0);
    const saldoVale = Math.max(0, fromDecimal(found.saldo) - held);
    setVoucherFacts({ id_filial: found.id_filial, situacao: found.situacao, saldo: saldoVale, data_validade: found.data_validade });
    // The balance due, or what the voucher still holds (less the sale's other lines naming it) when it is less.
    setAmountTyped(true);
    setAmount(formatDecimalBR(Math.max(0, Math.min(saldo, saldoVale - taken))));
  };

  return (
    <form
      ref={form}
      onSubmit={(event) => {
        event.preventDefault();
        const count = Number(parcelas);
        const valor = value ?? 0;
        const today = new Date().toISOString().slice(0, 10);
        const days = planDays.length >= count ? { dias: planDays.slice(0, count) } : {};
        const payment = makePayment({
          id_pagamento: crypto.randomUUID(),
          id_operacao: idOperacao,
          meio_pagamento: method,
          valor_total: valor,
          quantidade_parcelas: count,
          parcelamento: valor > 0 && count > 0 ? buildInstallments(valor, count, today, count > 1 ? days : {}) : [],
          id_operadora_cartao: card && operatorId ? Number(operatorId) : null,
          id_conta: accountId !== null ? Number(accountId) : needsAccount ? null : defaultAccount,
        });
        const errors = validatePayment(payment, { saldo, id_cliente: idCliente });
        if (errors[0]) return setError(errors[0].message);
        // The server's rule for a plan (an installment of R$ 0,00 when the value is fewer centavos than installments).
        const badPlan = installmentPlanError(valor, payment.parcelamento, today);
        if (badPlan) return setError(badPlan);
        if (voucherMethod) {
          if (!voucher || !voucherFacts) return setError(VOUCHER_MESSAGES.codeRequired);
          // This line with the sale's other lines naming the same voucher, against its balance (the domain's rules).
          const line = { id_vale_credito: voucher.id_vale_credito, valor_total: valor, vale_credito: voucherFacts };
          const refused = voucherBalanceError([...pagamentos, line], { id_filial: idFilial, today }, {
            id_vale_credito: voucher.id_vale_credito,
            facts: voucherFacts,
          });
          if (refused) return setError(refused);
        }
        if (cashbackMethod) {
          // This payment with the sale's other cashback payments, against what this till may redeem (the server checks again).
          const facts = cashbackFacts ?? { disponivel: 0, bloqueado: 0, minimo: 0 };
          const refused = redemptionError({ hasCustomer: idCliente !== null, valor: valor + cashbackTaken, disponivel: facts.disponivel,
            minimo: facts.minimo, total: saldo + cashbackTaken });
          if (refused) return setError(refused);
        }
        const operator = context.operators.find((o) => String(o['id_operadora_cartao']) === operatorId);
        const line = {
          ...payment,
          id_vale_credito: voucherMethod && voucher ? voucher.id_vale_credito : null,
          vale_credito: voucherMethod ? voucherFacts : null,
          operadora_nome: card && operator ? textOf(operator, 'nome') : null,
        };
        // A method with capture (utilizar_captura) pays through the card terminal of its modelo_captura (001 §5).
        const flow = method ? terminalFlow(method) : { kind: 'none' as const };
        if (flow.kind === 'refused') return setError(flow.message);
        // A PIX typed at the till is charged through the bank integration when the branch has it (PixChargeModal).
        if (flow.kind === 'none' && method?.meio_pagamento === MEIO_PAGAMENTO.Pix) return setPix(line);
        if (flow.kind === 'none') return onAdd(line);
        if (terminal) return;
        setError(null);
        setTerminal([CARD_TERMINAL_MESSAGES.waitingTerminal]);
        void (async () => {
          const choice = peripheralFor(idFilial, PERIPHERAL_KEYS.POS) ?? (await choosePeripheral(idFilial, 'POS'));
          let result: TerminalResult;
          if (!choice) result = { ok: false, message: CARD_TERMINAL_MESSAGES.noTerminal };
          else if (flow.model === 'TEF') result = await runTef(choice, flow.operation, valor, count, (m) => setTerminal(m.length > 0 ? m : null));
          else {
            result = await runVero(choice, flow.operation === 'debito' ? 'debito' : 'credito', valor, count, idOperacao, {
              keepChecking: () => confirm(CARD_TERMINAL_MESSAGES.keepChecking, 'Terminal de cartão'),
              onStatus: (status) => setTerminal([CARD_TERMINAL_MESSAGES.waitingTerminal, status]),
            });
          }
          setTerminal(null);
          if (!result.ok) return setError(result.message);
          onAdd({ ...line, ...result.fields });
        })();
      }}
    >
      <Stack>
        <Text>
          Saldo a pagar: <b>{formatMoney(saldo)}</b>
        </Text>
        <Select
          label="Meio de pagamento"
          data={context.methods.map((m) => ({ value: String(m['id_meio_pagamento']), label: String(m['descricao']) }))}
          value={methodId}
          onChange={chooseMethod}
          ref={methodInput}
          searchable
          selectFirstOptionOnChange
          onKeyDown={(event) => {
            // A method's whole name typed (or pasted, or sent by a scanner) and Enter: that method, whatever the list
            // shows or highlights at that moment (a busy till drew the filtered list late, and Enter kept the
            // previous method while the box showed the typed one).
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              const typed = event.currentTarget.value.trim().toLocaleLowerCase('pt-BR');
              const exact = context.methods.find((m) => String(m['descricao']).trim().toLocaleLowerCase('pt-BR') === typed);
              if (exact && String(exact['id_meio_pagamento']) !== methodId) {
                chooseMethod(String(exact['id_meio_pagamento']));
                // This Enter chose the method; the next one adds the payment (with the list closed, the form would
                // otherwise take this Enter too and add the previous method's payment, or the whole balance at once).
                event.preventDefault();
              }
            }
            enterPicksFirstOption(event);
          }}
          data-autofocus
        />
        <MethodKeys methods={context.methods} />
        {voucherMethod && (
          <VoucherCodeField
            card={voucher}
            onFound={(found) => void foundVoucher(found)}
            onError={setError}
          />
        )}
        {voucherMethod && voucher && voucherFacts && (
          <VoucherUse
            saldo={voucherFacts.saldo}
            held={fromDecimal(voucher.saldo) - voucherFacts.saldo}
            taken={pagamentos.filter((p) => p.id_vale_credito === voucher.id_vale_credito).reduce((t, p) => t + p.valor_total, 0)}
          />
        )}
        {cashbackMethod && cashbackFacts && (
          <Text size="sm" data-testid="cashback-disponivel">
            Cashback disponível: <b>{formatMoney(Math.max(0, cashbackFacts.disponivel - cashbackTaken))}</b>
            {cashbackFacts.bloqueado > 0 && <> · bloqueado: {formatMoney(cashbackFacts.bloqueado)}</>}
            {cashbackFacts.minimo > 0 && <> · mínimo para resgate: {formatMoney(cashbackFacts.minimo)}</>}
          </Text>
        )}
        <TextInput
          label="Valor"
          ref={amountInput}
          value={amount}
          onChange={(e) => {
            setAmountTyped(true);
            setAmount(e.currentTarget.value);
          }}
        />
        {maxParcelas > 1 && (
          <Select
            label="Parcelas"
            data={Array.from({ length: maxParcelas }, (_, i) => ({ value: String(i + 1), label: `${i + 1}x` }))}
            value={parcelas}
            onChange={(v) => setParcelas(v ?? '1')}
            allowDeselect={false}
            onDropdownOpen={() => (parcelasOpen.current = true)}
            onDropdownClose={() => (parcelasOpen.current = false)}
            onKeyDown={(event) => {
              // Closed list: Enter adds the payment, as in every other field (Mantine would open the list again).
              if (event.key !== 'Enter' || parcelasOpen.current) return;
              event.preventDefault();
              event.stopPropagation();
              form.current?.requestSubmit();
            }}
          />
        )}
        {card && (
          <Select label="Operadora de cartão" data={operators} value={operatorId} onChange={setOperatorId} searchable />
        )}
        {needsAccount && (
          <Select
            label="Conta bancária"
            description="Este meio de pagamento exige a conta que recebe o valor."
            placeholder={accounts.length === 0 ? 'Nenhuma conta na cópia local' : 'Selecione a conta'}
            data={accounts}
            value={accountId}
            onChange={(v) => {
              setAccountId(v);
              setError(null);
            }}
            searchable
            selectFirstOptionOnChange
          />
        )}
        <Group justify="space-between">
          <Text>Troco</Text>
          <Text fw={700} aria-label="Troco do pagamento">
            {formatMoney(change)}
          </Text>
        </Group>
        {terminal && (
          <Stack gap={4} aria-label="Terminal de cartão" role="status">
            <Group gap="xs">
              <Loader size="sm" />
              <Text fw={700}>{CARD_TERMINAL_MESSAGES.waitingTerminal}</Text>
            </Group>
            {terminal.slice(1).map((m, i) => (
              <Text key={i} size="sm" ff="monospace">
                {m}
              </Text>
            ))}
          </Stack>
        )}
        {error && (
          <Text c="red" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" loading={terminal !== null || pix !== null}>Adicionar pagamento (Enter)</Button>
        {pix && (
          <PixChargeModal
            valor={pix.valor_total}
            idFilial={idFilial}
            onPaid={(paid) => { setPix(null); onAdd({ ...pix, txid_pix: paid.txid, pix_brcode: paid.brcode }); }}
            onNoIntegration={() => { setPix(null); onAdd(pix); }}
            onCancel={() => setPix(null)}
          />
        )}
      </Stack>
    </form>
  );
}

/** The methods' shortcut keys, as a reminder under the method box ('F2 Dinheiro · Alt+1 PIX'). */
function MethodKeys({ methods }: { methods: readonly LocalRow[] }) {
  const keys = methods
    .filter((m) => typeof m['tecla_atalho'] === 'string' && m['tecla_atalho'] !== '')
    .sort((a, b) => textOf(a, 'tecla_atalho').localeCompare(textOf(b, 'tecla_atalho'), 'pt-BR', { numeric: true }));
  if (keys.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" mt={-8} aria-label="Teclas dos meios de pagamento">
      {keys.map((m) => `${textOf(m, 'tecla_atalho')} ${textOf(m, 'descricao')}`).join(' · ')}
    </Text>
  );
}

/** What the sale's other lines and this device's unsent operations already take from the voucher looked up. */
function VoucherUse({ saldo, held, taken }: { saldo: Cents; held: Cents; taken: Cents }) {
  if (held <= 0 && taken <= 0) return null;
  return (
    <Text size="sm" c="dimmed" aria-label="Uso do vale">
      {held > 0 ? `Em operações ainda não enviadas: ${formatMoney(held)}. ` : ''}
      {taken > 0 ? `Já usado nesta venda: ${formatMoney(taken)}. ` : ''}
      Resta: {formatMoney(Math.max(0, saldo - taken))}
    </Text>
  );
}
