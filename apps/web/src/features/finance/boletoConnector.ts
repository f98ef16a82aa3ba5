/**
 * The local boleto connector from the web app (001 §7 Local boleto connector): the /boleto/emitir payload
 * {banco, cedente, conta, lista_titulos} built from a boleto configuration, its bank account and the documents, with
 * the payload rules of 001 §7 (dates yyyy-mm-dd, interest code '1' or 'A' for collection type 8, protest days 0,
 * species DM, the internal bank id mapped to its collection type 1-48), and the call to the chosen device's connector.
 */
import type { BoletoEmitirAnswer, BoletoEmitirRequest } from '@pdv/contract/connector';
import { BOLETO_MESSAGES, boletoAmount, type BoletoAmountType } from '@pdv/domain/boleto';
import { codigoMoraOf, DIAS_PROTESTO, ESPECIE_DOCUMENTO, tipoCobrancaOf } from '@pdv/domain/boleto-connector';
import { addDays } from '@pdv/domain/payment';

export interface ConnectorBoletoConfig {
  cnab: string; carteira: string | null; convenio: string | null; codigo_cedente: string | null;
  modalidade?: string | null; codigo_transmissao?: string | null;
  tipo_multa: BoletoAmountType; valor_multa: number; dias_multa: number; tipo_juro: BoletoAmountType; valor_juro: number;
  dias_expiracao: number; observacao?: string | null;
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

/** POST /boleto/emitir at the device's connector (30 s time-out). */
export async function emitirPeloConector(device: { endereco: string; porta_connect: number }, payload: BoletoEmitirRequest): Promise<BoletoEmitirAnswer> {
  const res = await fetch(`http://${device.endereco}:${device.porta_connect}/boleto/emitir`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload), signal: AbortSignal.timeout(30_000),
  });
  return (await res.json()) as BoletoEmitirAnswer;
}
