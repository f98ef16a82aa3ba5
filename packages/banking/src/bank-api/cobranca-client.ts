/**
 * Clients of Banco do Brasil's Cobranças API v2 (registered boletos: POST/GET /boletos, GET /boletos/{id},
 * POST /boletos/{id}/baixar) and Extratos API v1 (the account statement), plus the internet banking login of an
 * operator (company CNPJ, operator CPF, password, six-digit code), which has no public API: its shape is our adapter's
 * (/ib/v1/login, /ib/v1/login/codigo) and the fake bank speaks it. Amounts: centavos on our side.
 * BB also asks a `gw-dev-app-key` on every call and OAuth2 client credentials (the same token flow as the API Pix).
 */
import { BANK_MESSAGES } from '@pdv/domain/bank-integration';
import { BankApiError, bankRequest, refusalText, text, type TlsOptions } from './http.ts';

export interface CobrancaApiConfig {
  /** Base URL (e.g. https://api.bb.com.br), with /cobrancas/v2 and /extratos/v1 under it. */
  baseUrl: string;
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  appKey?: string;
  tls?: TlsOptions;
  timeoutMs?: number;
}

export interface BoletoRegistro {
  convenio: string;
  /** The bank's 10-digit nosso número sequence (numeroTituloCliente = '000' + convenio + it). */
  sequencial: number;
  /** Centavos. */
  valor: number;
  /** 'yyyy-mm-dd'. */
  vencimento: string;
  emissao: string;
  seuNumero: string;
  pagador: { tipoInscricao: 1 | 2; numeroInscricao: string; nome: string; endereco: string; cep: string; cidade: string; bairro: string; uf: string };
}
export interface BoletoRegistrado { numero: string; linhaDigitavel: string; codigoBarras: string }
export interface BoletoSituacao { numero: string; estado: string; codigoEstado: number; valor: number; vencimento: string; linhaDigitavel: string }
export interface Lancamento { data: string; valor: number; sinal: 'C' | 'D'; historico: string; documento: string }

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('.');
const isoOf = (d: unknown) => text(d).split('.').reverse().join('-');
const cents = (v: unknown) => Math.round(Number(v) * 100);

export class CobrancaApiClient {
  private token: { value: string; expires: number } | null = null;
  constructor(private readonly config: CobrancaApiConfig) {}

  private common() {
    return { ...(this.config.tls ? { tls: this.config.tls } : {}), ...(this.config.timeoutMs ? { timeoutMs: this.config.timeoutMs } : {}) };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now() + 30_000) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const res = await bankRequest(this.config.tokenUrl ?? `${this.config.baseUrl}/oauth/token`, {
      method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=cobrancas.boletos-requisicao cobrancas.boletos-info', ...this.common(),
    });
    const b = res.body as Record<string, unknown> | null;
    if (res.status !== 200 || typeof b?.['access_token'] !== 'string') throw new BankApiError('O banco recusou as credenciais da integração de cobrança.', res.status, refusalText(b));
    this.token = { value: b['access_token'], expires: Date.now() + Number(b['expires_in'] ?? 3600) * 1000 };
    return this.token.value;
  }

  private async call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const key = this.config.appKey ? `${path.includes('?') ? '&' : '?'}gw-dev-app-key=${encodeURIComponent(this.config.appKey)}` : '';
    const res = await bankRequest(`${this.config.baseUrl}${path}${key}`, {
      method, headers: { authorization: `Bearer ${await this.accessToken()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }), ...this.common(),
    });
    if (res.status < 200 || res.status >= 300) {
      const detail = refusalText(res.body);
      throw new BankApiError(detail ? `O banco recusou a operação: ${detail}` : BANK_MESSAGES.bankRefused, res.status, detail);
    }
    return (res.body ?? {}) as Record<string, unknown>;
  }

  async registrar(b: BoletoRegistro): Promise<BoletoRegistrado> {
    const numeroTituloCliente = `000${b.convenio.padStart(7, '0')}${String(b.sequencial).padStart(10, '0')}`;
    const r = await this.call('POST', '/cobrancas/v2/boletos', {
      numeroConvenio: Number(b.convenio), numeroCarteira: 17, numeroVariacaoCarteira: 35, codigoModalidade: 1,
      dataEmissao: ddmmyyyy(b.emissao), dataVencimento: ddmmyyyy(b.vencimento), valorOriginal: b.valor / 100,
      codigoAceite: 'N', codigoTipoTitulo: 2, indicadorPermissaoRecebimentoParcial: 'N', numeroTituloBeneficiario: b.seuNumero.slice(0, 15),
      numeroTituloCliente, pagador: { ...b.pagador, cep: Number(b.pagador.cep.replace(/\D/g, '')) },
    });
    return { numero: String(r['numero']), linhaDigitavel: String(r['linhaDigitavel']), codigoBarras: String(r['codigoBarraNumerico']) };
  }

  private situacao(x: Record<string, unknown>): BoletoSituacao {
    return {
      numero: String(x['numeroBoletoBB'] ?? x['numeroTituloCliente']), estado: text(x['estadoTituloCobranca']), codigoEstado: Number(x['codigoEstadoTituloCobranca']),
      valor: cents(x['valorOriginalTituloCobranca']), vencimento: isoOf(x['dataVencimentoTituloCobranca']), linhaDigitavel: text(x['codigoLinhaDigitavel']),
    };
  }

  /** GET /boletos: 'A' open (em ser), 'B' written off or paid. */
  async listar(convenio: string, situacao: 'A' | 'B'): Promise<BoletoSituacao[]> {
    const r = await this.call('GET', `/cobrancas/v2/boletos?indicadorSituacao=${situacao}&numeroConvenio=${encodeURIComponent(convenio)}`);
    return Array.isArray(r['boletos']) ? r['boletos'].map((x: Record<string, unknown>) => this.situacao(x)) : [];
  }

  async consultar(numero: string, convenio: string): Promise<BoletoSituacao> {
    return this.situacao(await this.call('GET', `/cobrancas/v2/boletos/${encodeURIComponent(numero)}?numeroConvenio=${encodeURIComponent(convenio)}`));
  }

  async baixar(numero: string, convenio: string): Promise<{ dataBaixa: string }> {
    const r = await this.call('POST', `/cobrancas/v2/boletos/${encodeURIComponent(numero)}/baixar`, { numeroConvenio: Number(convenio) });
    return { dataBaixa: isoOf(r['dataBaixa']) };
  }

  /** Extratos API v1: the current account's entries. */
  async extrato(agencia: string, conta: string): Promise<Lancamento[]> {
    const r = await this.call('GET', `/extratos/v1/conta-corrente/agencia/${encodeURIComponent(agencia)}/conta/${encodeURIComponent(conta)}`);
    return Array.isArray(r['listaLancamento']) ? r['listaLancamento'].map((l: Record<string, unknown>) => ({
      data: String(l['dataLancamento']), valor: cents(l['valorLancamento']), sinal: l['indicadorSinalLancamento'] === 'D' ? 'D' as const : 'C' as const,
      historico: text(l['textoDescricaoHistorico']), documento: text(l['numeroDocumento']),
    })) : [];
  }
}

/** The operator's internet banking login: step one answers a challenge, step two trades it and the code for a token. */
export class InternetBankingClient {
  constructor(private readonly config: { baseUrl: string; tls?: TlsOptions; timeoutMs?: number }) {}

  private async post(path: string, body: unknown): Promise<Record<string, unknown>> {
    const res = await bankRequest(`${this.config.baseUrl}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      ...(this.config.tls ? { tls: this.config.tls } : {}), ...(this.config.timeoutMs ? { timeoutMs: this.config.timeoutMs } : {}),
    });
    const b = (res.body ?? {}) as Record<string, unknown>;
    if (res.status < 200 || res.status >= 300 || b['success'] !== true) throw new BankApiError(refusalText(b) || 'O banco recusou o login.', res.status, refusalText(b));
    return b;
  }

  async login(cnpj: string, cpf: string, senha: string): Promise<{ desafio: string }> {
    return { desafio: String((await this.post('/ib/v1/login', { cnpj, cpf, senha }))['desafio']) };
  }

  async validarCodigo(desafio: string, codigo: string): Promise<{ token: string; expiresIn: number }> {
    const b = await this.post('/ib/v1/login/codigo', { desafio, codigo });
    return { token: String(b['token']), expiresIn: Number(b['expires_in'] ?? 3600) };
  }
}
