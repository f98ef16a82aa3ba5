/**
 * State and calls of the XML import screen (InvoiceImportPage.tsx): the XML (pasted or read from a file), the preview
 * the server answers (nothing written), each item's product and multiplier (the proposal, or chosen by hand), and the
 * confirmation that writes everything in one transaction on the server.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PurchaseImportDetail, PurchaseImportPreview } from '@pdv/contract/purchase-import';
import { PURCHASE_IMPORT_MESSAGES as M } from '@pdv/domain/purchase-import';
import { call } from '../../api/client.ts';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import type { Picked } from './ProductPicker.tsx';

export interface ItemChoice {
  product: Picked | null;
  multiplicador: number | null;
}

export function useInvoiceImport() {
  const [xml, setXmlState] = useState('');
  const [pisCofins, setPisCofins] = useState(false);
  const [preview, setPreview] = useState<PurchaseImportPreview | null>(null);
  const [choices, setChoices] = useState<Record<number, ItemChoice>>({});
  const [busy, setBusy] = useState(false);
  const [imported, setImported] = useState<PurchaseImportDetail | null>(null);

  const setXml = (v: string) => {
    setXmlState(v);
    setPreview(null);
    setImported(null);
  };

  // From the destined invoices (?destinada=ID): the full XML downloaded after the ciência.
  const [params] = useSearchParams();
  const destinada = Number(params.get('destinada') ?? 0);
  useEffect(() => {
    if (!destinada) return;
    call('destinedInvoiceFindById', { id_nfe_destinada: destinada })
      .then((d) => setXml(d.xml ?? ''))
      .catch(showError);
  }, [destinada]);

  const read = async () => {
    if (!xml.trim()) return toast.warning(M.xmlMissing);
    setBusy(true);
    try {
      const p = await call('invoiceImportPreview', { xml, pis_cofins_nao_cumulativo: pisCofins });
      setPreview(p);
      setImported(null);
      setChoices(Object.fromEntries(p.itens.map((i) => [i.n_item, {
        product: i.produto ? { id_produto_grade_filial: i.produto.id_produto_grade_filial, label: `${i.produto.sku} - ${i.produto.descricao}` } : null,
        multiplicador: i.produto?.multiplicador ?? null,
      }])));
    } catch (error) {
      setPreview(null);
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const choose = (n_item: number, change: Partial<ItemChoice>) =>
    setChoices((c) => ({ ...c, [n_item]: { product: null, multiplicador: null, ...c[n_item], ...change } }));

  const confirm = async () => {
    if (!preview) return;
    const missing = preview.itens.find((i) => !choices[i.n_item]?.product);
    if (missing) return toast.warning(M.itemNotMatched(missing.n_item));
    setBusy(true);
    try {
      const itens = preview.itens.map((i) => {
        const c = choices[i.n_item];
        return { n_item: i.n_item, id_produto_grade_filial: c?.product?.id_produto_grade_filial ?? 0, ...(c?.multiplicador ? { multiplicador: c.multiplicador } : {}) };
      });
      const done = await call('invoiceImportConfirm', { xml, pis_cofins_nao_cumulativo: pisCofins, itens });
      setImported(done);
      setPreview(null);
      setXmlState('');
      toast.success(M.imported);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const togglePisCofins = (v: boolean) => {
    setPisCofins(v);
    setPreview(null);
  };

  return { xml, setXml, pisCofins, togglePisCofins, preview, choices, choose, read, confirm, busy, imported };
}
