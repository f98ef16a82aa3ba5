/**
 * The local boleto connector from the web app (001 §7 Local boleto connector): the /boleto/emitir payload
 * {banco, cedente, conta, lista_titulos} built from a boleto configuration, its bank account and the documents, with
 * the payload rules of 001 §7 (dates yyyy-mm-dd, interest code '1' or 'A' for collection type 8, protest days 0,
 * species DM, the internal bank id mapped to its collection type 1-48), and the call to the chosen device's connector.
 */
import type { z } from 'zod';
import type { demandCreateBody } from '@pdv/contract/boleto';
import type { BoletoEmitirAnswer, BoletoEmitirRequest } from '@pdv/contract/connector';
import { PRINT_CODES, PRINT_MESSAGES, PRINT_TIMEOUT_MS } from '@pdv/domain/print-connector';
import { call } from '../../api/client.ts';
import { connectorUrl } from '../peripherals/connector.ts';
import { BOLETO_MESSAGES, boletoAmount, type BoletoAmountType } from '@pdv/domain/boleto';
import { codigoMoraOf, DIAS_PROTESTO, ESPECIE_DOCUMENTO, tipoCobrancaOf } from '@pdv/domain/boleto-connector';
import { addDays } from '@pdv/domain/payment';

export interface ConnectorBoletoConfig {
  cnab: string; carteira: string | null; convenio: string | null; codigo_cedente: string | null;
  modalidade?: string | null; codigo_transmissao?: string | null;
  tipo_multa: BoletoAmountType; valor_multa: number; dias_multa: number; tipo_juro: BoletoAmountType; valor_juro: number;
  dias_expiracao: number; observacao?: string | null;
  /** A hybrid configuration's PIX receiver (/demand/connector-reserve answers it). */
  pix?: { chave: string; nome: string; cidade: string } | null;
}
export interface ConnectorAccount { id_banco: number | null; agencia: string; digito_agencia: string | null; numero: string; digito_conta: string | null }
export interface ConnectorDocument {
  /** The nosso número sequence drawn for it. */
  nosso_numero: number;
  numero: string;
  /** 'yyyy-mm-dd'. */
  data_vencimento: string;
  /** Centavos. */
  saldo: number;
  pagador: { nome: string; cpf_cnpj: string; endereco: string; numero: string; bairro: string; cidade: string; uf: string; cep: string };
}

type DemandCreateBody = z.input<typeof demandCreateBody>;

const reais = (cents: number) => Math.round(cents) / 100;

/** The /boleto/emitir body, or the reason there is none (a bank without a collection type is not homologated). */
export function boletoEmitirPayload(
  config: ConnectorBoletoConfig, account: ConnectorAccount, emitente: { nome: string; cnpj: string }, docs: ConnectorDocument[], today: string,
): BoletoEmitirRequest | string {
  const tipo = tipoCobrancaOf(account.id_banco);
  if (tipo === undefined || account.id_banco === null || (config.cnab !== '400' && config.cnab !== '240')) return BOLETO_MESSAGES.bankNotCertified;
  return {
    banco: { tipo_cobranca: tipo, id_banco: account.id_banco, cnab: config.cnab },
    cedente: {
      nome: emitente.nome, cnpj: emitente.cnpj.replace(/\D/g, ''), carteira: config.carteira, convenio: config.convenio, codigo_cedente: config.codigo_cedente,
      modalidade: config.modalidade ?? null, codigo_transmissao: config.codigo_transmissao ?? null,
      ...(config.pix ? { pix: config.pix } : {}),
    },
    conta: { agencia: account.agencia, digito_agencia: account.digito_agencia, numero: account.numero, digito_conta: account.digito_conta },
    lista_titulos: docs.map((d) => {
      const vencimento = d.data_vencimento >= today ? d.data_vencimento : addDays(today, config.dias_expiracao);
      const multa = boletoAmount(config.tipo_multa, config.valor_multa, d.saldo);
      const juroMes = boletoAmount(config.tipo_juro, config.valor_juro, d.saldo);
      return {
        nosso_numero: d.nosso_numero, numero_documento: d.numero.slice(0, 10), data_documento: today, data_vencimento: vencimento,
        valor: reais(d.saldo), especie: ESPECIE_DOCUMENTO, aceite: 'N' as const, codigo_mora: codigoMoraOf(tipo),
        // As the server issues them: a percentage is a month's rate of the value, charged a day from the day after the due date.
        valor_mora_juros: reais(config.tipo_juro === 'Valor' ? juroMes : Math.round(juroMes / 30)), data_mora_juros: juroMes > 0 ? addDays(vencimento, 1) : null,
        percentual_multa: config.tipo_multa === 'Percentual' ? config.valor_multa : 0, valor_multa: reais(config.tipo_multa === 'Valor' ? multa : 0),
        data_multa: multa > 0 ? addDays(vencimento, Math.max(1, config.dias_multa)) : null, dias_protesto: DIAS_PROTESTO, ocorrencia: 'R' as const,
        sacado: {
          nome: d.pagador.nome.slice(0, 200), cnpj_cpf: d.pagador.cpf_cnpj.replace(/\D/g, ''), logradouro: d.pagador.endereco.slice(0, 100),
          numero: d.pagador.numero.slice(0, 20), bairro: d.pagador.bairro.slice(0, 80), cidade: d.pagador.cidade.slice(0, 100), uf: d.pagador.uf.slice(0, 2),
          cep: d.pagador.cep.replace(/\D/g, '').slice(0, 8),
        },
        instrucoes: config.observacao ? [config.observacao.slice(0, 200)] : [],
      };
    }),
  };
}

/** A device the boleto connector runs on (002 §3 Device: its address and connector port). */
export interface ConnectorDevice { id_dispositivo: number; descricao: string; endereco: string; porta_connect: number }

/** POST at the device's connector (30 s time-out); unreachable or not JSON: 'Não foi possível comunicar com o ModerConnect.' (001 §8). */
export async function postToConnector<T extends { Codigo: number; Mensagem: string }>(device: ConnectorDevice, path: string, payload: unknown): Promise<T | { Codigo: number; Mensagem: string }> {
  try {
    const res = await fetch(connectorUrl({ id_periferico: 0, descricao: '', tipo: '', dispositivo: device }, path), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload), signal: AbortSignal.timeout(PRINT_TIMEOUT_MS),
    });
    const answer: unknown = await res.json();
    if (typeof answer === 'object' && answer !== null && typeof (answer as T).Codigo === 'number') return answer as T;
  } catch (error) {
    console.error('Conector local inacessível', error);
  }
  return { Codigo: PRINT_CODES.own, Mensagem: PRINT_MESSAGES.unreachable };
}

/** The branch's devices with a connector address and port (what the device picker of 001 §2 lists). */
export async function connectorDevices(): Promise<ConnectorDevice[]> {
  const found: unknown = await call('deviceFind', { search: '', take: 200, skip: 0 }, { loading: false });
  const page = found as { rows: Array<{ id_dispositivo: number; descricao: string; endereco: string | null; porta_connect: number | null }> };
  return page.rows.filter((d) => (d.endereco ?? '') !== '' && d.porta_connect !== null)
    .map((d) => ({ id_dispositivo: d.id_dispositivo, descricao: d.descricao, endereco: d.endereco ?? '', porta_connect: d.porta_connect ?? 0 }));
}

export interface ConnectorResult { id_documento_financeiro: number; numero: string; success: boolean; error_message: string | null; id_boleto: number | null; pdf_base64?: string }

const cents = (reais: number) => Math.round(reais * 100);

/**
 * Issues the documents' boletos through the connector: the server reserves the nossos números (failures per document,
 * as /demand/create answers them), the connector builds the boletos and their PDFs, the server records them after
 * checking them. A connector that fails fails each reserved document with its message (001 §8), and sent again the
 * same reservation is reused.
 */
export async function issueThroughConnector(device: ConnectorDevice, body: DemandCreateBody): Promise<{ results: ConnectorResult[]; emails: number }> {
  const reserved = await call('demandConnectorReserve', body);
  const results: ConnectorResult[] = reserved.resultados.filter((r) => !r.success);
  const docs = reserved.documentos;
  if (docs.length === 0) return { results, emails: 0 };
  const failAll = (reason: string) => ({ results: [...results, ...docs.map((d) => ({ id_documento_financeiro: d.id_documento_financeiro, numero: d.numero, success: false, id_boleto: null, error_message: BOLETO_MESSAGES.perDocument(d.numero, reason) }))], emails: 0 });
  const payload = boletoEmitirPayload(reserved.config, reserved.conta, reserved.emitente, docs.map((d) => ({ ...d, saldo: cents(d.valor) })), reserved.data_documento);
  if (typeof payload === 'string') return failAll(payload);
  const answer = await postToConnector<BoletoEmitirAnswer>(device, '/boleto/emitir', payload);
  const boletos = 'boletos' in answer ? answer.boletos ?? [] : [];
  if (answer.Codigo !== 0 || boletos.length === 0) return failAll(answer.Mensagem);
  const byNumber = new Map(docs.map((d) => [d.nosso_numero, d.id_documento_financeiro]));
  const recorded = await call('demandConnectorRecord', {
    boletos: boletos.flatMap((b) => {
      const id = byNumber.get(b.nosso_numero);
      return id === undefined ? [] : [{ id_documento_financeiro: id, nosso_numero: b.nosso_numero, codigo_barras: b.codigo_barras, linha_digitavel: b.linha_digitavel }];
    }),
  });
  const pdfOf = new Map(boletos.map((b) => [byNumber.get(b.nosso_numero), b.pdf_base64]));
  for (const r of recorded.resultados) {
    const pdf = r.success ? pdfOf.get(r.id_documento_financeiro) : undefined;
    results.push(pdf ? { ...r, pdf_base64: pdf } : r);
  }
  return { results, emails: recorded.emails ?? 0 };
}
