/**
 * The stock entry of the product register's 'Movimentações de estoque' tab (POST /stock/opening): a variation, a stock
 * address of the active branch (the branch's sale address preselected) and a quantity enter as an opening movement through
 * the stock owner. Offered to a user with the stock movement permission (FncListarMovimentacaoEstoque manage); the
 * server checks it again with everything else.
 */
import { useEffect, useState } from 'react';
import { Button, Group, NumberInput, Select } from '@mantine/core';
import { PRODUCT_TAB_MESSAGES as M } from '@pdv/domain/product-tab-messages';
import { call } from '../../../api/client.ts';
import { refusal } from './useTabCall.ts';
import { TabError } from './TabError.tsx';
import { toast } from '../../../ui/toast.ts';
import { localDb } from '../../../db/database.ts';
import { useSignedIn } from '../../auth/sessionContext.ts';

interface Option { value: string; label: string }

export function StockEntryForm({ id_produto, onDone }: { id_produto: number; onDone: () => void }) {
  const idFilial = useSignedIn().session.usuario.id_filial_ativa;
  const [grades, setGrades] = useState<Option[]>([]);
  const [addresses, setAddresses] = useState<Option[]>([]);
  const [grade, setGrade] = useState<string | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  const [quantidade, setQuantidade] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([
      call('productGridByProduct', { id_produto }, { loading: false }),
      call('stockAddressFind', { take: 100 }, { loading: false }),
      // The branch's sale address (its configuration in the local copy) is offered first.
      localDb().rows('config').where('id_filial').equals(idFilial).first().catch(() => undefined),
    ])
      .then(([grid, result, config]) => {
        // A register's find answers its rows as the descriptor's columns.
        const found = result as { rows: Array<Record<string, unknown>> };
        if (!live) return;
        const visible = grid.rows.filter((g) => !g.is_padrao || grid.rows.length === 1);
        setGrades(visible.map((g) => ({ value: String(g.id_produto_grade), label: g.descricao })));
        const options = found.rows.map((r) => ({ value: String(r['id_endereco_estoque']), label: `${String(r['codigo'])} - ${String(r['descricao'])}` }));
        setAddresses(options);
        const sale = options.find((o) => o.value === String(config?.['id_endereco_estoque_venda']));
        setAddress((current) => current ?? sale?.value ?? options[0]?.value ?? null);
      })
      .catch((e: unknown) => live && setError(refusal(e)));
    return () => {
      live = false;
    };
  }, [id_produto, idFilial]);

  const submit = async () => {
    if (busy || grade === null || address === null || typeof quantidade !== 'number') return;
    setBusy(true);
    setError(null);
    try {
      const res = await call('stockOpening', {
        id_produto, id_endereco_estoque: Number(address), linhas: [{ id_produto_grade: Number(grade), quantidade }],
      });
      toast.success(M.openingDone(res.movimentos));
      setQuantidade('');
      onDone();
    } catch (e) {
      setError(refusal(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label="Entrada de estoque"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-end">
        <Select label="Variação" data={grades} value={grade} onChange={setGrade} searchable w={240} placeholder="Escolha a variação" />
        <Select label="Endereço de estoque" data={addresses} value={address} onChange={setAddress} w={240} allowDeselect={false} />
        <NumberInput label="Quantidade a entrar" w={190} min={0.001} decimalScale={3} decimalSeparator="," thousandSeparator="."
          value={quantidade} onChange={setQuantidade} />
        <Button type="submit" loading={busy} disabled={grade === null || address === null || typeof quantidade !== 'number' || quantidade <= 0}>
          Lançar entrada (Enter)
        </Button>
      </Group>
      <TabError error={error} />
    </form>
  );
}
