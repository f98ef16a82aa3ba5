/**
 * The price readjust screen's state and calls (PriceReadjustPage.tsx): the filters and the rule as the user sets
 * them, the simulation of exactly those (dropped when anything changes, so what is applied is what is shown), and
 * the options: categories, brands and products from the local copy, the user's branches from the session, the
 * active price configurations from the server.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BodyOf, ResultOf } from '@pdv/contract/routes';
import type { PercentTarget, ReadjustMode } from '@pdv/domain/price-readjust';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { localDb } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { confirm } from '../../ui/confirm.tsx';
import { toast } from '../../ui/toast.ts';
import { useSignedIn } from '../auth/sessionContext.ts';

export interface ReadjustForm {
  id_categoria: string[];
  id_marca: string[];
  id_produto: string[];
  filiais: number[];
  modo: ReadjustMode;
  percentual: number | null;
  alvo: PercentTarget;
  id_configuracao_preco: string | null;
}

export type Simulation = ResultOf<'priceReadjustSimulate'>;
type Option = { value: string; label: string };

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const live = (rows: Record<string, unknown>[]) => rows.filter((r) => !r['data_exclusao']);
const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label, 'pt-BR');
const readCategories = () => localDb().rows('category').toArray();
const readBrands = () => localDb().rows('brand').toArray();
const readProducts = () => localDb().rows('product').toArray();

/** The choices of the filters and of the rule. */
export function useReadjustOptions() {
  const { session } = useSignedIn();
  const categories = useLiveQuery(readCategories, []);
  const brands = useLiveQuery(readBrands, []);
  const products = useLiveQuery(readProducts, []);
  const configs = useQuery({
    queryKey: ['price-configurations', 'Ativo'],
    // A register's find answers its rows untyped here, as UserAccessTab's profileFind.
    queryFn: async ({ signal }) =>
      (await call('priceConfigurationFind', { filter: { situacao: 'Ativo' }, take: 200 }, { signal })) as { rows: Array<Record<string, unknown>> },
  });
  return useMemo(() => ({
    categories: live(categories).map((c) => ({ value: String(c['id_categoria']), label: text(c['referencia_exibicao']) || text(c['descricao']) })).sort(byLabel),
    brands: live(brands).map((b) => ({ value: String(b['id_marca']), label: text(b['descricao']) })).sort(byLabel),
    products: live(products).map((p) => ({ value: String(p['id_produto']), label: `${text(p['descricao'])} (${text(p['sku'])})` })).sort(byLabel),
    branches: session.usuario.filiais.map((f) => ({ id_filial: f.id_filial, nome: f.nome_fantasia ?? f.razao_social })),
    configurations: (configs.data?.rows ?? []).map((c) => ({ value: String(c['id_configuracao_preco']), label: text(c['descricao']) })),
  }), [categories, brands, products, session, configs.data]);
}

/** The body of the simulation and of the apply, from the form. */
export function bodyOf(form: ReadjustForm): BodyOf<'priceReadjustSimulate'> {
  const ids = (list: string[]) => list.map(Number);
  return {
    modo: form.modo,
    ...(form.modo === 'Percentual'
      ? { percentual: form.percentual, alvo: form.alvo }
      : { id_configuracao_preco: form.id_configuracao_preco === null ? null : Number(form.id_configuracao_preco) }),
    filtros: { id_categoria: ids(form.id_categoria), id_marca: ids(form.id_marca), id_produto: ids(form.id_produto) },
    filiais: form.filiais,
  };
}

export function usePriceReadjust() {
  const { session } = useSignedIn();
  const [form, setForm] = useState<ReadjustForm>(() => ({
    id_categoria: [], id_marca: [], id_produto: [], filiais: [session.usuario.id_filial_ativa],
    modo: 'Percentual', percentual: null, alvo: 'preco_venda', id_configuracao_preco: null,
  }));
  const [simulation, setSimulation] = useState<Simulation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'simulate' | 'apply' | null>(null);

  const set = (patch: Partial<ReadjustForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setSimulation(null);
    setError(null);
  };

  const simulate = async () => {
    if (busy) return;
    setBusy('simulate');
    setError(null);
    try {
      const result = await call('priceReadjustSimulate', bodyOf(form));
      setSimulation(result);
    } catch (e) {
      setSimulation(null);
      setError(errorDisplayOf(e).text);
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (busy || !simulation || simulation.linhas.length === 0) return;
    const n = simulation.linhas.length;
    if (!(await confirm(`Aplicar o reajuste a ${n.toLocaleString('pt-BR')} preço(s)? Os novos preços seguem para os pontos de venda.`, 'Aplicar reajuste'))) return;
    setBusy('apply');
    try {
      const result = await call('priceReadjustApply', { ...bodyOf(form), assinatura: simulation.assinatura });
      toast.success(result.message);
      setSimulation(null);
    } catch (e) {
      setError(errorDisplayOf(e).text);
    } finally {
      setBusy(null);
    }
  };

  return { form, set, simulation, error, busy, simulate, apply };
}
