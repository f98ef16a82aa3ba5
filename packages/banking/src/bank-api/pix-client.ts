/**
 * Client of the BACEN API Pix 2.x (the PSP's recebimentos API): OAuth2 client credentials (HTTP Basic on the token
 * URL, mutual TLS with the account holder's certificate), immediate charges (PUT/GET/PATCH /cob/{txid}), charges
 * with a due date (PUT/GET /cobv/{txid}), locations (GET /loc/{id}), received Pix (GET /pix) and the webhook of a key
 * (PUT/GET /webhook/{chave}). Amounts are centavos on our side, 'reais.cc' strings on the wire.
 */
import { BANK_MESSAGES } from '@pdv/domain/bank-integration';
import { BankApiError, bankRequest, refusalText, text, type TlsOptions } from './http.ts';

export interface PixApiConfig {
  /** Base URL of the API Pix (e.g. https://api.psp.example/pix), without the /v2. */
  baseUrl: string;
  /** Token URL; default baseUrl + /oauth/token. */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  tls?: TlsOptions;
  timeoutMs?: number;
}

export interface Cob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  /** Centavos. */
  valor: number;
  chave: string;
  location: string;
  pixCopiaECola: string | null;
  pix: Array<{ endToEndId: string; txid: string; valor: number; horario: string }>;
}

const toReais = (centavos: number) => `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
const fromReais = (v: unknown): number => {
  const m = /^(\d+)\.(\d{2})$/.exec(String(v));
  if (!m) throw new BankApiError('Resposta inválida do banco.', 0, `valor ${String(v)}`);
  return Number(m[1]) * 100 + Number(m[2]);
};

function toCob(b: Record<string, unknown>): Cob {
  const loc = (b['loc'] ?? {}) as Record<string, unknown>;
  return {
    txid: String(b['txid']),
    status: String(b['status']) as Cob['status'],
    valor: fromReais((b['valor'] as Record<string, unknown> | undefined)?.['original']),
    chave: text(b['chave']),
    location: text(b['location'] ?? loc['location']),
    pixCopiaECola: typeof b['pixCopiaECola'] === 'string' ? b['pixCopiaECola'] : null,
    pix: Array.isArray(b['pix']) ? b['pix'].map((p: Record<string, unknown>) => ({
      endToEndId: String(p['endToEndId']), txid: String(p['txid']), valor: fromReais(p['valor']), horario: String(p['horario']),
    })) : [],
  };
}

export class PixApiClient {
  private token: { value: string; expires: number } | null = null;
  constructor(private readonly config: PixApiConfig) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now() + 30_000) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const res = await bankRequest(this.config.tokenUrl ?? `${this.config.baseUrl}/oauth/token`, {
      method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials', ...this.common(),
    });
    const b = res.body as Record<string, unknown> | null;
    if (res.status !== 200 || typeof b?.['access_token'] !== 'string') {
      throw new BankApiError('O banco recusou as credenciais da integração PIX.', res.status, refusalText(b));
    }
    this.token = { value: b['access_token'], expires: Date.now() + Number(b['expires_in'] ?? 3600) * 1000 };
    return this.token.value;
  }

  private common() {
    return { ...(this.config.tls ? { tls: this.config.tls } : {}), ...(this.config.timeoutMs ? { timeoutMs: this.config.timeoutMs } : {}) };
  }

  private async call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await bankRequest(`${this.config.baseUrl}/v2${path}`, {
      method, headers: { authorization: `Bearer ${await this.accessToken()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }), ...this.common(),
    });
    if (res.status < 200 || res.status >= 300) {
      const detail = refusalText(res.body);
      throw new BankApiError(detail ? `O banco recusou a operação: ${detail}` : BANK_MESSAGES.bankRefused, res.status, detail);
    }
    return (res.body ?? {}) as Record<string, unknown>;
  }

  /** PUT /cob/{txid}: an immediate charge of `valor` centavos to `chave`, expiring after `expiracao` seconds. */
  async createCob(txid: string, p: { valor: number; chave: string; expiracao?: number; solicitacaoPagador?: string }): Promise<Cob> {
    return toCob(await this.call('PUT', `/cob/${encodeURIComponent(txid)}`, {
      calendario: { expiracao: p.expiracao ?? 3600 }, valor: { original: toReais(p.valor) }, chave: p.chave,
      ...(p.solicitacaoPagador ? { solicitacaoPagador: p.solicitacaoPagador.slice(0, 140) } : {}),
    }));
  }

  async getCob(txid: string): Promise<Cob> {
    return toCob(await this.call('GET', `/cob/${encodeURIComponent(txid)}`));
  }

  /** PATCH /cob/{txid} status REMOVIDA_PELO_USUARIO_RECEBEDOR: the charge is withdrawn (a sale given up). */
  async removeCob(txid: string): Promise<Cob> {
    return toCob(await this.call('PATCH', `/cob/${encodeURIComponent(txid)}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }));
  }

  /** PUT /cobv/{txid}: a charge with a due date ('yyyy-mm-dd'). */
  async createCobv(txid: string, p: { valor: number; chave: string; vencimento: string; devedor: { cpf?: string; cnpj?: string; nome: string } }): Promise<Cob> {
    return toCob(await this.call('PUT', `/cobv/${encodeURIComponent(txid)}`, {
      calendario: { dataDeVencimento: p.vencimento, validadeAposVencimento: 30 }, devedor: p.devedor, valor: { original: toReais(p.valor) }, chave: p.chave,
    }));
  }

  async getCobv(txid: string): Promise<Cob> {
    return toCob(await this.call('GET', `/cobv/${encodeURIComponent(txid)}`));
  }

  async getLoc(id: number): Promise<{ id: number; location: string; txid: string | null }> {
    const b = await this.call('GET', `/loc/${id}`);
    return { id: Number(b['id']), location: String(b['location']), txid: typeof b['txid'] === 'string' ? b['txid'] : null };
  }

  /** GET /pix: Pix received between two instants (ISO 8601). */
  async listPix(inicio: string, fim: string): Promise<Cob['pix']> {
    const b = await this.call('GET', `/pix?inicio=${encodeURIComponent(inicio)}&fim=${encodeURIComponent(fim)}`);
    return Array.isArray(b['pix']) ? b['pix'].map((p: Record<string, unknown>) => ({
      endToEndId: String(p['endToEndId']), txid: text(p['txid']), valor: fromReais(p['valor']), horario: String(p['horario']),
    })) : [];
  }

  /** PUT /webhook/{chave}: where the PSP posts the Pix received on that key (it appends /pix). */
  async setWebhook(chave: string, webhookUrl: string): Promise<void> {
    await this.call('PUT', `/webhook/${encodeURIComponent(chave)}`, { webhookUrl });
  }

  async getWebhook(chave: string): Promise<string | null> {
    try {
      return String((await this.call('GET', `/webhook/${encodeURIComponent(chave)}`))['webhookUrl']);
    } catch (e) {
      if (e instanceof BankApiError && e.status === 404) return null;
      throw e;
    }
  }
}

export { toReais };
