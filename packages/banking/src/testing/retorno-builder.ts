/**
 * Test support: an Itaú CNAB 400 retorno written by hand (header, one detail per item at the positions
 * readRetorno400 reads with ITAU_RETORNO_400, trailer), for the server's db test and the e2e.
 */
export interface RetornoLine {
  /** 8 digits. */
  nossoNumero: string;
  /** '06' paid, '03' rejected, '02' registered. */
  ocorrencia: string;
  /** Centavos. */
  valorTitulo: number;
  valorPago?: number;
  juros?: number;
  tarifa?: number;
  /** 'yyyy-mm-dd'. */
  data: string;
  motivos?: string;
}

const put = (line: string[], start: number, text: string) => { for (let i = 0; i < text.length; i++) line[start - 1 + i] = text[i]!; };
const n = (v: number, size: number) => String(v).padStart(size, '0');
const ddmmyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;

export function itauRetorno400(agencia: string, conta: string, lines: readonly RetornoLine[]): string {
  const out: string[] = [];
  const blank = () => Array.from({ length: 400 }, () => ' ');
  const h = blank();
  put(h, 1, '02RETORNO01COBRANCA       ');
  put(h, 27, agencia.padStart(4, '0')); put(h, 31, '00'); put(h, 33, conta.padStart(5, '0')); put(h, 77, '341BANCO ITAU SA');
  put(h, 395, n(1, 6));
  out.push(h.join(''));
  lines.forEach((l, i) => {
    const d = blank();
    put(d, 1, '1'); put(d, 18, agencia.padStart(4, '0')); put(d, 22, '00'); put(d, 24, conta.padStart(5, '0'));
    put(d, 63, l.nossoNumero.padStart(8, '0')); put(d, 109, l.ocorrencia); put(d, 111, ddmmyy(l.data)); put(d, 117, n(i + 1, 10));
    put(d, 147, ddmmyy(l.data)); put(d, 153, n(l.valorTitulo, 13)); put(d, 176, n(l.tarifa ?? 0, 13));
    put(d, 254, n(l.valorPago ?? 0, 13)); put(d, 267, n(l.juros ?? 0, 13)); put(d, 296, ddmmyy(l.data));
    if (l.motivos) put(d, 378, l.motivos.padEnd(8, ' '));
    put(d, 395, n(i + 2, 6));
    out.push(d.join(''));
  });
  const tr = blank();
  put(tr, 1, '9'); put(tr, 395, n(lines.length + 2, 6));
  out.push(tr.join(''));
  return `${out.join('\r\n')}\r\n`;
}
