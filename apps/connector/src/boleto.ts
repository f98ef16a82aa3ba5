/**
 * The local boleto connector (001 §7): POST /boleto/emitir, /boleto/gerar_remessa and /boleto/ler_retorno answered
 * with packages/banking (the bank adapters: free field, barcode, linha digitável, remessa writer, retorno reader) and
 * the boleto PDF of packages/documents. Nothing is kept: the web app sends the account, the configuration's codes and
 * the títulos with their nosso número sequence, and stores what comes back. A bad body is code 999 with its problem.
 */
import {
  boletoEmitirRequest, boletoRemessaRequest, boletoRetornoRequest, type BoletoEmitirAnswer, type BoletoEmitirRequest,
  type BoletoRemessaAnswer, type BoletoRetornoAnswer,
} from '@pdv/contract/connector';
import { BOLETO_MESSAGES } from '@pdv/domain/boleto';
import { BOLETO_CONNECTOR_MESSAGES as M, tipoCobrancaOf } from '@pdv/domain/boleto-connector';
import { ValidationError } from '@pdv/domain/errors';
import { PRINT_CODES } from '@pdv/domain/print-connector';
import { bankAdapter, configProblem, nnKey, readRetorno, writeRemessa, type BankAdapter, type BoletoAccount, type BoletoConfigParts } from '@pdv/banking/bank-adapters';
import type { Titulo } from '@pdv/banking/cnab-model';
import { emitirBoleto, type BoletoCodigos } from '@pdv/banking/emitir';
import { boletoHybridPix } from '@pdv/banking/pix';
import { boletoPdf, type BoletoPdfData } from '@pdv/documents/boleto-pdf';
import { z } from 'zod';

/** Zod's own messages (a missing field, a wrong type) in pt-BR; the contract's custom ones win. */
const PT_BR = { error: z.locales.ptBR().localeError };

export interface BoletoResult {
  status: number;
  answer: BoletoEmitirAnswer | BoletoRemessaAnswer | BoletoRetornoAnswer;
  log: Record<string, unknown>;
}

type Common = Pick<BoletoEmitirRequest, 'banco' | 'cedente' | 'conta'>;
type TituloIn = BoletoEmitirRequest['lista_titulos'][number];

const refuse = (Mensagem: string, status = 400, log: Record<string, unknown> = {}): BoletoResult =>
  ({ status, answer: { Codigo: PRINT_CODES.own, Mensagem }, log: { ...log, Codigo: PRINT_CODES.own, Mensagem } });

/** The first problem of a refused body, as 'campo: mensagem'. */
function problem(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return '';
  const path = first.path.join('.');
  return path ? `${path}: ${first.message}` : first.message;
}

const cents = (reais: number) => Math.round(reais * 100);
const digits = (s: string) => s.replace(/\D/g, '');

export interface Ready { adapter: BankAdapter; account: BoletoAccount; config: BoletoConfigParts; emitente: { nome: string; cnpj: string } }

/** The bank's adapter for the request, or the reason there is none. */
function ready(body: Common): Ready | string {
  const { banco, cedente, conta } = body;
  const tipo = tipoCobrancaOf(banco.id_banco);
  if (tipo !== banco.tipo_cobranca) return M.tipoCobranca(banco.id_banco, banco.tipo_cobranca);
  const adapter = bankAdapter(banco.id_banco, banco.cnab);
  const config: BoletoConfigParts = {
    cnab: banco.cnab, carteira: cedente.carteira, convenio: cedente.convenio, codigo_cedente: cedente.codigo_cedente,
    modalidade: cedente.modalidade ?? null, codigo_transmissao: cedente.codigo_transmissao ?? null,
  };
  if (!adapter || configProblem(adapter, config)) return BOLETO_MESSAGES.bankNotCertified;
  const account: BoletoAccount = { id_banco: banco.id_banco, agencia: conta.agencia, digito_agencia: conta.digito_agencia, numero: conta.numero, digito_conta: conta.digito_conta };
  return { adapter, account, config, emitente: { nome: cedente.nome, cnpj: cedente.cnpj } };
}

/** The título of the remessa, built as the server's remessa builds it (apps/server finance/boletos.ts). */
export function remessaTitulo(r: Ready, t: TituloIn, impresso: string): Titulo {
  const { adapter, config } = r;
  const multa = t.percentual_multa > 0 ? Math.round(t.percentual_multa * 100) : cents(t.valor_multa);
  const titulo: Titulo = {
    ...adapter.titulo(config, t.nosso_numero, impresso), ocorrencia: t.ocorrencia === 'B' ? '02' : '01',
    nossoNumero: adapter.fileNossoNumero(config, t.nosso_numero, impresso), numeroDocumento: t.numero_documento,
    ...(t.uso_empresa ? { usoEmpresa: t.uso_empresa } : {}),
    vencimento: t.data_vencimento, emissao: t.data_documento, valor: cents(t.valor), especie: '01', aceite: t.aceite,
    instrucao1: '00', instrucao2: '00', jurosDia: cents(t.valor_mora_juros), ...(t.data_mora_juros ? { jurosData: t.data_mora_juros } : {}),
    ...(multa > 0 && t.data_multa ? { multaCodigo: t.percentual_multa > 0 ? '2' : '1', multa, multaData: t.data_multa } : {}),
    pagadorTipo: digits(t.sacado.cnpj_cpf).length === 14 ? '02' : '01', pagadorDocumento: digits(t.sacado.cnpj_cpf), pagadorNome: t.sacado.nome,
    pagadorEndereco: `${t.sacado.logradouro} ${t.sacado.numero}`, pagadorBairro: t.sacado.bairro, pagadorCep: digits(t.sacado.cep),
    pagadorCidade: t.sacado.cidade, pagadorUf: t.sacado.uf, diasProtesto: String(t.dias_protesto).padStart(2, '0'),
  };
  return adapter.finish ? adapter.finish(titulo) : titulo;
}

const money = (v: number) => v.toFixed(2).replace('.', ',');

/**
 * What the PDF of one título shows: the codes, the parties, the instructions and, for a hybrid boleto (the cedente
 * carries its PIX receiver), the static BR Code the server stores for it (packages/banking boletoHybridPix), drawn as a
 * QR code by packages/documents' boleto PDF, the same code the server's PDF uses.
 */
export function boletoPdfData(req: BoletoEmitirRequest, r: Ready, t: TituloIn, codes: BoletoCodigos): BoletoPdfData {
  const instrucoes = [...t.instrucoes];
  if (t.percentual_multa > 0) instrucoes.push(`Após o vencimento cobrar multa de ${money(t.percentual_multa)}%.`);
  if (t.valor_multa > 0) instrucoes.push(`Após o vencimento cobrar multa de ${money(t.valor_multa)}.`);
  if (t.valor_mora_juros > 0) instrucoes.push(`Juros de mora de R$ ${money(t.valor_mora_juros)} por dia de atraso.`);
  const { conta } = req;
  const s = t.sacado;
  const pix = req.cedente.pix ? boletoHybridPix(req.cedente.pix, r.adapter.banco, codes.nossoNumero, cents(t.valor)) : undefined;
  return {
    banco: codes.banco, codigoBarras: codes.codigoBarras, linhaDigitavel: codes.linhaDigitavel, nossoNumero: codes.nossoNumero,
    beneficiario: { nome: req.cedente.nome, documento: req.cedente.cnpj },
    agenciaCodigo: `${conta.agencia}${conta.digito_agencia ? `-${conta.digito_agencia}` : ''} / ${conta.numero}${conta.digito_conta ? `-${conta.digito_conta}` : ''}`,
    pagador: { nome: s.nome, documento: s.cnpj_cpf, endereco: `${s.logradouro}, ${s.numero} - ${s.bairro} - ${s.cidade}/${s.uf} - CEP ${s.cep}` },
    numeroDocumento: t.numero_documento, vencimento: t.data_vencimento, emissao: t.data_documento, processamento: t.data_documento,
    valor: cents(t.valor), carteira: req.cedente.carteira ?? '', especieDocumento: t.especie, aceite: t.aceite, instrucoes,
    ...(pix ? { pix } : {}),
  };
}

export async function emitir(body: unknown): Promise<BoletoResult> {
  const parsed = boletoEmitirRequest.safeParse(body, PT_BR);
  if (!parsed.success) return refuse(M.invalid(problem(parsed.error)));
  const req = parsed.data;
  const r = ready(req);
  if (typeof r === 'string') return refuse(r, 400, { id_banco: req.banco.id_banco });
  const boletos = [];
  for (const t of req.lista_titulos) {
    let codes;
    try {
      codes = emitirBoleto({ parts: r.adapter.parts(r.account, r.config, t.nosso_numero, t.data_documento.slice(2, 4)), valor: cents(t.valor), vencimento: t.data_vencimento });
    } catch (e) {
      if (e instanceof ValidationError) return refuse(`${t.numero_documento}: ${e.message}`);
      throw e;
    }
    const data = boletoPdfData(req, r, t, codes);
    const pdf = await boletoPdf(data);
    boletos.push({
      nosso_numero: t.nosso_numero, nosso_numero_impresso: codes.nossoNumero, codigo_barras: codes.codigoBarras,
      linha_digitavel: codes.linhaDigitavel, pdf_base64: Buffer.from(pdf).toString('base64'), ...(data.pix ? { pix_brcode: data.pix } : {}),
    });
  }
  const Mensagem = M.emitted(boletos.length);
  return { status: 200, answer: { Codigo: 0, Mensagem, boletos }, log: { id_banco: req.banco.id_banco, titulos: boletos.length, Codigo: 0 } };
}

export function gerarRemessa(body: unknown): BoletoResult {
  const parsed = boletoRemessaRequest.safeParse(body, PT_BR);
  if (!parsed.success) return refuse(M.invalid(problem(parsed.error)));
  const req = parsed.data;
  const r = ready(req);
  if (typeof r === 'string') return refuse(r, 400, { id_banco: req.banco.id_banco });
  try {
    const titulos = req.lista_titulos.map((t) => {
      const impresso = t.nosso_numero_impresso ?? emitirBoleto({
        parts: r.adapter.parts(r.account, r.config, t.nosso_numero, t.data_documento.slice(2, 4)), valor: cents(t.valor), vencimento: t.data_vencimento,
      }).nossoNumero;
      return remessaTitulo(r, t, impresso);
    });
    const remessa = writeRemessa(r.adapter, r.adapter.beneficiario(r.account, r.config, r.emitente), req.data_geracao, req.numero_remessa, titulos, req.hora_geracao);
    return { status: 200, answer: { Codigo: 0, Mensagem: M.remessa, remessa }, log: { id_banco: req.banco.id_banco, titulos: titulos.length, Codigo: 0 } };
  } catch (e) {
    if (e instanceof ValidationError) return refuse(e.message, 400, { id_banco: req.banco.id_banco });
    throw e;
  }
}

export function lerRetorno(body: unknown): BoletoResult {
  const parsed = boletoRetornoRequest.safeParse(body, PT_BR);
  if (!parsed.success) return refuse(M.invalid(problem(parsed.error)));
  const req = parsed.data;
  const r = ready(req);
  if (typeof r === 'string') return refuse(r, 400, { id_banco: req.banco.id_banco });
  const known = req.conhecidos ? new Set(req.conhecidos.map(nnKey)) : undefined;
  const report = readRetorno(r.adapter, r.account, r.config, req.retorno, (nn) => !known || known.has(nnKey(nn)));
  return {
    status: 200,
    answer: { Codigo: 0, Mensagem: M.retorno, itens: report.itens as unknown as Array<Record<string, unknown>>, erros: report.erros },
    log: { id_banco: req.banco.id_banco, itens: report.itens.length, erros: report.erros.length, Codigo: 0 },
  };
}
