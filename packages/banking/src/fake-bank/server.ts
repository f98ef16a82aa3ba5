/**
 * FAKE bank: a local HTTP server that speaks, for development and tests, the subset of the public bank APIs our
 * clients (../bank-api) use. It is NOT a bank and moves no money.
 *
 * - BACEN API Pix 2.x: POST /oauth/token (OAuth2 client credentials, HTTP Basic), PUT/GET /v2/cob/{txid},
 *   PUT/GET /v2/cobv/{txid}, GET /v2/loc/{id}, GET /v2/pix?inicio&fim, PUT/GET/DELETE /v2/webhook/{chave}; when a
 *   charge is paid it POSTs {pix:[...]} to the registered webhook URL + '/pix' (as the manual says the PSP does).
 * - Banco do Brasil Cobranças API v2 (registered boletos): POST /cobrancas/v2/boletos, GET /cobrancas/v2/boletos,
 *   GET /cobrancas/v2/boletos/{id}, POST /cobrancas/v2/boletos/{id}/baixar.
 * - Banco do Brasil Extratos API v1: GET /extratos/v1/conta-corrente/agencia/{agencia}/conta/{conta}.
 * - Internet banking login of an operator (company CNPJ, operator CPF, password, then a six-digit code), which has no
 *   public API: POST /ib/v1/login and POST /ib/v1/login/codigo, our adapter's own shape.
 * - Fake-only controls (no bank has them): POST /fake/pix/{txid}/pagar (a payer pays the charge),
 *   GET /fake/estado.
 *
 * The webhook carries an HMAC-SHA256 of its body in `x-fake-bank-signature` (key: webhookSecret); the receiver must
 * still confirm the charge with GET /v2/cob/{txid}, as it would with a real PSP (whose webhook comes over mTLS).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from '../bank-api/http.ts';
import { emitirBoleto } from '../emitir.ts';
import { pixDynamic } from '../pix.ts';

export interface FakeBankOptions {
  clientId: string;
  clientSecret: string;
  /** Key of the webhook's HMAC signature. */
  webhookSecret: string;
  /** The six-digit code the internet banking login asks for (a real bank sends it by SMS or app). */
  loginCode?: string;
  /** Operators allowed to log in: cnpj + cpf (digits) -> password. */
  operators?: Record<string, string>;
  /** Recebedor's name and city printed in BR Codes. */
  nome?: string;
  cidade?: string;
  /** BB's convênio of the registered boletos. */
  convenio?: string;
}

export interface FakeCob {
  txid: string;
  tipo: 'cob' | 'cobv';
  revisao: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
  calendario: Record<string, unknown>;
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  loc: { id: number; location: string; tipoCob: 'cob' | 'cobv'; criacao: string };
  location: string;
  pixCopiaECola: string;
  devedor?: unknown;
  pix?: FakePix[];
}
export interface FakePix { endToEndId: string; txid: string; valor: string; chave: string; horario: string; infoPagador?: string }
interface FakeBoleto {
  numero: string;
  numeroConvenio: string;
  numeroTituloCliente: string;
  dataVencimento: string;
  valorOriginal: number;
  pagador: unknown;
  linhaDigitavel: string;
  codigoBarraNumerico: string;
  estado: 'NORMAL' | 'BAIXA' | 'LIQUIDADO';
  dataRegistro: string;
  dataBaixa?: string;
}
interface Lancamento { dataLancamento: string; valorLancamento: number; indicadorSinalLancamento: 'C' | 'D'; textoDescricaoHistorico: string; numeroDocumento: string }

export interface FakeBank {
  url: string;
  server: Server;
  state: { cobs: Map<string, FakeCob>; boletos: Map<string, FakeBoleto>; webhooks: Map<string, string>; lancamentos: Lancamento[]; pix: FakePix[] };
  /** The payer pays txid (the fake-only control, also on HTTP); resolves once the webhook was answered (or failed). */
  pay(txid: string, infoPagador?: string): Promise<FakePix>;
  close(): Promise<void>;
}

class Refusal extends Error {
  constructor(readonly status: number, readonly body: Record<string, unknown>) { super(text(body['title']) || text(body['message']) || String(status)); }
}
/** RFC 7807 problem, as the API Pix answers errors. */
const problem = (status: number, title: string, detail: string) =>
  new Refusal(status, { type: `https://pix.bcb.gov.br/api/v2/error/${title.replace(/\s/g, '')}`, title, status, detail });

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
const centavos = (v: string) => Number(v.replace('.', ''));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    const b = c as Buffer;
    size += b.length;
    if (size > 1_000_000) throw problem(413, 'Payload Too Large', 'Corpo maior que 1 MB.');
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}
function json(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch { /* answered below */ }
  throw problem(400, 'Requisicao Invalida', 'JSON inválido.');
}

export async function startFakeBank(options: FakeBankOptions, port = 0): Promise<FakeBank> {
  const tokens = new Map<string, number>();
  const ibChallenges = new Map<string, { expires: number }>();
  const ibTokens = new Map<string, number>();
  const state: FakeBank['state'] = { cobs: new Map(), boletos: new Map(), webhooks: new Map(), lancamentos: [], pix: [] };
  let locId = 0;
  let boletoSeq = 0;
  let url = '';
  const nome = options.nome ?? 'LOJA FAKE';
  const cidade = options.cidade ?? 'SAO PAULO';
  const convenio = options.convenio ?? '3128557';

  function bearer(req: IncomingMessage): void {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const exp = m?.[1] ? tokens.get(m[1]) : undefined;
    if (exp === undefined || exp < Date.now()) throw problem(401, 'Nao Autorizado', 'Token de acesso ausente, inválido ou expirado.');
  }

  function issueToken(req: IncomingMessage, body: string): Record<string, unknown> {
    const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [id, secret] = Buffer.from(m?.[1] ?? '', 'base64').toString('utf8').split(':');
    if (id !== options.clientId || secret !== options.clientSecret) throw new Refusal(401, { error: 'invalid_client' });
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') throw new Refusal(400, { error: 'unsupported_grant_type' });
    const token = randomBytes(24).toString('hex');
    tokens.set(token, Date.now() + 3_600_000);
    return { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read cobv.write cobv.read pix.read webhook.write webhook.read' };
  }

  function putCob(tipo: 'cob' | 'cobv', txid: string, b: Record<string, unknown>): FakeCob {
    if (!TXID.test(txid)) throw problem(400, 'Cobranca Invalida', 'O campo txid não respeita o schema.');
    if (state.cobs.has(txid)) throw problem(400, 'Cobranca Invalida', 'Já existe uma cobrança com o txid informado.');
    const valor = b['valor'] as { original?: unknown } | undefined;
    const original = typeof valor?.original === 'string' ? valor.original : '';
    if (!VALOR.test(original) || centavos(original) <= 0) throw problem(400, 'Cobranca Invalida', 'O campo valor.original não respeita o schema.');
    const chave = typeof b['chave'] === 'string' ? b['chave'] : '';
    if (!chave) throw problem(400, 'Cobranca Invalida', 'O campo chave não respeita o schema.');
    const cal = (b['calendario'] ?? {}) as Record<string, unknown>;
    if (tipo === 'cobv' && (typeof cal['dataDeVencimento'] !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(cal['dataDeVencimento']))) {
      throw problem(400, 'Cobranca Invalida', 'O campo calendario.dataDeVencimento não respeita o schema.');
    }
    const criacao = new Date().toISOString();
    const id = ++locId;
    const location = `${new URL(url).host}/qr/v2/${tipo === 'cobv' ? 'cobv/' : ''}${randomUUID()}`;
    const cob: FakeCob = {
      txid, tipo, revisao: 0, status: 'ATIVA',
      calendario: tipo === 'cob' ? { criacao, expiracao: Number(cal['expiracao'] ?? 86400) } : { criacao, ...cal },
      valor: { original }, chave, loc: { id, location, tipoCob: tipo, criacao }, location,
      pixCopiaECola: pixDynamic({ url: location, nome, cidade, valor: centavos(original) }),
      ...(typeof b['solicitacaoPagador'] === 'string' ? { solicitacaoPagador: b['solicitacaoPagador'] } : {}),
      ...(b['devedor'] ? { devedor: b['devedor'] } : {}),
    };
    state.cobs.set(txid, cob);
    return cob;
  }

  function getCob(tipo: 'cob' | 'cobv', txid: string): FakeCob {
    const cob = state.cobs.get(txid);
    if (!cob || cob.tipo !== tipo) throw problem(404, 'Cobranca Nao Encontrada', 'Cobrança não encontrada para o txid informado.');
    return cob;
  }

  async function pay(txid: string, infoPagador?: string): Promise<FakePix> {
    const cob = state.cobs.get(txid);
    if (!cob) throw problem(404, 'Cobranca Nao Encontrada', 'Cobrança não encontrada para o txid informado.');
    if (cob.status !== 'ATIVA') throw problem(400, 'Cobranca Invalida', 'A cobrança não está ATIVA.');
    const pix: FakePix = {
      endToEndId: `E00000000${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(5).toString('hex')}`.slice(0, 32),
      txid, valor: cob.valor.original, chave: cob.chave, horario: new Date().toISOString(), ...(infoPagador ? { infoPagador } : {}),
    };
    cob.status = 'CONCLUIDA';
    cob.revisao += 1;
    cob.pix = [pix];
    state.pix.push(pix);
    state.lancamentos.push({ dataLancamento: pix.horario.slice(0, 10), valorLancamento: centavos(pix.valor) / 100, indicadorSinalLancamento: 'C',
      textoDescricaoHistorico: 'PIX RECEBIDO', numeroDocumento: pix.endToEndId });
    const hook = state.webhooks.get(cob.chave);
    if (hook) {
      const body = JSON.stringify({ pix: [pix] });
      const signature = createHmac('sha256', options.webhookSecret).update(body).digest('hex');
      await fetch(`${hook.replace(/\/$/, '')}/pix`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fake-bank-signature': signature }, body })
        .then((r) => r.arrayBuffer()).catch(() => undefined);
    }
    return pix;
  }

  function createBoleto(b: Record<string, unknown>): Record<string, unknown> {
    const conv = text(b['numeroConvenio']);
    const valor = Number(b['valorOriginal']);
    const venc = text(b['dataVencimento']);
    const titulo = text(b['numeroTituloCliente']);
    const errors: Array<{ codigo: string; versao: string; mensagem: string; ocorrencia: string }> = [];
    const err = (mensagem: string) => errors.push({ codigo: '4874915', versao: '1', mensagem, ocorrencia: 'CHOM00001' });
    if (conv !== convenio) err('Convênio inválido.');
    if (!Number.isFinite(valor) || valor <= 0 || Math.round(valor * 100) !== valor * 100) err('Valor original inválido.');
    if (!/^\d{2}\.\d{2}\.\d{4}$/.test(venc)) err('Data de vencimento inválida.');
    if (!/^000\d{7}\d{10}$/.test(titulo) || !titulo.startsWith(`000${conv}`)) err('Número do título do cliente inválido.');
    if (!b['pagador'] || typeof b['pagador'] !== 'object') err('Pagador não informado.');
    if ([...state.boletos.values()].some((x) => x.numeroTituloCliente === titulo)) err('Título já registrado.');
    if (errors.length) throw new Refusal(400, { erros: errors });
    boletoSeq += 1;
    const [d, m, y] = venc.split('.');
    const codes = emitirBoleto({ parts: { banco: '001', convenio: conv, nossoNumero: titulo.slice(10), carteira: '17' }, valor: Math.round(valor * 100), vencimento: `${y}-${m}-${d}` });
    const boleto: FakeBoleto = {
      numero: titulo, numeroConvenio: conv, numeroTituloCliente: titulo, dataVencimento: venc, valorOriginal: valor, pagador: b['pagador'],
      linhaDigitavel: codes.linhaDigitavel, codigoBarraNumerico: codes.codigoBarras, estado: 'NORMAL', dataRegistro: new Date().toISOString().slice(0, 10),
    };
    state.boletos.set(titulo, boleto);
    return { numero: titulo, numeroCarteira: 17, numeroVariacaoCarteira: 35, codigoCliente: boletoSeq, linhaDigitavel: codes.linhaDigitavel,
      codigoBarraNumerico: codes.codigoBarras, numeroContratoCobranca: Number(conv) };
  }

  const estadoCodigo = (e: FakeBoleto['estado']) => (e === 'NORMAL' ? 1 : e === 'LIQUIDADO' ? 6 : 7);
  const boletoView = (x: FakeBoleto) => ({
    numeroBoletoBB: x.numero, numeroTituloCliente: x.numeroTituloCliente, dataVencimentoTituloCobranca: x.dataVencimento,
    valorOriginalTituloCobranca: x.valorOriginal, codigoEstadoTituloCobranca: estadoCodigo(x.estado), estadoTituloCobranca: x.estado,
    codigoLinhaDigitavel: x.linhaDigitavel, textoCodigoBarrasTituloCobranca: x.codigoBarraNumerico, dataRegistroTituloCobranca: x.dataRegistro,
    ...(x.dataBaixa ? { dataBaixaAutomaticoTitulo: x.dataBaixa } : {}),
  });

  async function route(req: IncomingMessage, method: string, path: string, query: URLSearchParams): Promise<[number, unknown]> {
    const body = await readBody(req);
    if (method === 'POST' && path === '/oauth/token') return [200, issueToken(req, body)];
    // Internet banking login (our adapter's shape: no public API exists).
    if (method === 'POST' && path === '/ib/v1/login') {
      const b = json(body);
      const key = `${text(b['cnpj']).replace(/\D/g, '')}:${text(b['cpf']).replace(/\D/g, '')}`;
      const expected = options.operators?.[key];
      if (expected === undefined || expected !== b['senha']) return [401, { success: false, error_message: 'Usuário ou senha inválidos.' }];
      const id = randomUUID();
      ibChallenges.set(id, { expires: Date.now() + 180_000 });
      return [200, { success: true, desafio: id }];
    }
    if (method === 'POST' && path === '/ib/v1/login/codigo') {
      const b = json(body);
      const ch = ibChallenges.get(text(b['desafio']));
      if (!ch || ch.expires < Date.now()) return [401, { success: false, error_message: 'Código expirado. Faça o login novamente.' }];
      if (text(b['codigo']) !== (options.loginCode ?? '123456')) return [401, { success: false, error_message: 'Código inválido.' }];
      ibChallenges.delete(String(b['desafio']));
      const token = randomBytes(24).toString('hex');
      ibTokens.set(token, Date.now() + 3_600_000);
      return [200, { success: true, token, expires_in: 3600 }];
    }
    const fakePay = /^\/fake\/pix\/([^/]+)\/pagar$/.exec(path);
    if (method === 'POST' && fakePay?.[1]) return [200, await pay(fakePay[1], text(json(body)['infoPagador']) || undefined)];
    if (method === 'GET' && path === '/fake/estado') return [200, { cobs: [...state.cobs.values()], webhooks: Object.fromEntries(state.webhooks) }];

    bearer(req);
    const cob = /^\/v2\/(cob|cobv)\/([^/]+)$/.exec(path);
    if (cob?.[1] && cob[2]) {
      const tipo = cob[1] as 'cob' | 'cobv';
      if (method === 'PUT') return [201, putCob(tipo, cob[2], json(body))];
      if (method === 'GET') return [200, getCob(tipo, cob[2])];
      if (method === 'PATCH') {
        const c = getCob(tipo, cob[2]);
        const b = json(body);
        if (b['status'] === 'REMOVIDA_PELO_USUARIO_RECEBEDOR' && c.status === 'ATIVA') { c.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR'; c.revisao += 1; }
        return [200, c];
      }
    }
    const loc = /^\/v2\/loc\/(\d+)$/.exec(path);
    if (method === 'GET' && loc?.[1]) {
      const c = [...state.cobs.values()].find((x) => x.loc.id === Number(loc[1]));
      if (!c) throw problem(404, 'Location Nao Encontrada', 'Location não encontrada.');
      return [200, { ...c.loc, txid: c.txid }];
    }
    if (method === 'GET' && path === '/v2/pix') {
      const inicio = Date.parse(query.get('inicio') ?? '');
      const fim = Date.parse(query.get('fim') ?? '');
      if (!Number.isFinite(inicio) || !Number.isFinite(fim)) throw problem(400, 'Consulta Invalida', 'Informe inicio e fim.');
      const pix = state.pix.filter((p) => Date.parse(p.horario) >= inicio && Date.parse(p.horario) <= fim);
      return [200, { parametros: { inicio: query.get('inicio'), fim: query.get('fim'), paginacao: { paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: pix.length } }, pix }];
    }
    const hook = /^\/v2\/webhook\/([^/]+)$/.exec(path);
    if (hook?.[1]) {
      const chave = decodeURIComponent(hook[1]);
      if (method === 'PUT') {
        const w = json(body)['webhookUrl'];
        if (typeof w !== 'string' || !/^https?:\/\//.test(w)) throw problem(400, 'Webhook Invalido', 'O campo webhookUrl não respeita o schema.');
        state.webhooks.set(chave, w);
        return [200, {}];
      }
      const w = state.webhooks.get(chave);
      if (method === 'GET') {
        if (!w) throw problem(404, 'Webhook Nao Encontrado', 'Webhook não encontrado.');
        return [200, { webhookUrl: w, chave, criacao: new Date().toISOString() }];
      }
      if (method === 'DELETE') { state.webhooks.delete(chave); return [204, null]; }
    }
    if (path === '/cobrancas/v2/boletos') {
      if (method === 'POST') return [201, createBoleto(json(body))];
      if (method === 'GET') {
        const situacao = query.get('indicadorSituacao') ?? 'A';
        const rows = [...state.boletos.values()].filter((x) => (situacao === 'A' ? x.estado === 'NORMAL' : x.estado !== 'NORMAL'));
        return [200, { indicadorContinuidade: 'N', quantidadeRegistros: rows.length, boletos: rows.map(boletoView) }];
      }
    }
    const bol = /^\/cobrancas\/v2\/boletos\/(\d+)(\/baixar)?$/.exec(path);
    if (bol?.[1]) {
      const x = state.boletos.get(bol[1]);
      if (!x) throw new Refusal(404, { erros: [{ codigo: '4678420', versao: '1', mensagem: 'Boleto não localizado na base do banco.', ocorrencia: 'CHOM00002' }] });
      if (method === 'GET' && !bol[2]) return [200, boletoView(x)];
      if (method === 'POST' && bol[2]) {
        if (x.estado !== 'NORMAL') throw new Refusal(400, { erros: [{ codigo: '4678421', versao: '1', mensagem: 'Boleto já baixado ou liquidado.', ocorrencia: 'CHOM00003' }] });
        x.estado = 'BAIXA';
        x.dataBaixa = new Date().toISOString().slice(0, 10);
        return [200, { numeroContratoCobranca: x.numeroConvenio, dataBaixa: x.dataBaixa.split('-').reverse().join('.'), horarioBaixa: new Date().toISOString().slice(11, 19) }];
      }
    }
    const ext = /^\/extratos\/v1\/conta-corrente\/agencia\/(\d+)\/conta\/(\d+)$/.exec(path);
    if (method === 'GET' && ext) {
      return [200, { numeroPaginaAtual: 1, quantidadeRegistroPaginaAtual: state.lancamentos.length, numeroPaginaProximo: 0, listaLancamento: state.lancamentos }];
    }
    throw problem(404, 'Nao Encontrado', `${method} ${path}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', 'http://fake');
    let status: number;
    let payload: unknown;
    try {
      [status, payload] = await route(req, req.method ?? 'GET', u.pathname, u.searchParams);
    } catch (e) {
      if (e instanceof Refusal) [status, payload] = [e.status, e.body];
      else [status, payload] = [500, { title: 'Erro Interno', status: 500, detail: e instanceof Error ? e.message : String(e) }];
    }
    if (payload === null) { res.writeHead(status).end(); return; }
    const text = JSON.stringify(payload);
    res.writeHead(status, { 'content-type': status >= 400 && status !== 401 ? 'application/problem+json' : 'application/json' }).end(text);
  }

  const server = createServer((req, res) => { void handle(req, res); });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, server, state, pay,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
