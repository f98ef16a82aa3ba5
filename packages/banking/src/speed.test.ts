/**
 * Issue 25 "Speed": issuing boletos for 1,000 receivables and their remessa must take at most 30 s on this machine,
 * database included; the time is bench/boleto.bench.ts's (`npm run bench -- boleto`, against this package alone): here,
 * without a wall-clock assertion, that 1,000 codes and their CNAB 400 file round-trip.
 */
import { describe, expect, it } from 'vitest';
import type { Titulo } from './cnab-model.ts';
import { readCnab400, writeCnab400 } from './cnab400.ts';
import { BRADESCO_400 } from './cnab400-banks.ts';
import { emitirBoleto } from './emitir.ts';

describe('speed', () => {
  it('issues 1,000 boletos and writes and reads back their CNAB 400 remessa', () => {
    const titulos: Titulo[] = [];
    for (let i = 1; i <= 1000; i++) {
      const boleto = emitirBoleto({ parts: { banco: '237', agencia: '1172', carteira: '09', nossoNumero: String(i), conta: '403005' }, valor: 1000 + i, vencimento: '2026-12-27' });
      titulos.push({ ocorrencia: '01', nossoNumero: boleto.nossoNumero.slice(3, 14), nossoNumeroDv: boleto.nossoNumero.slice(-1), carteira: '009', valor: 1000 + i,
        vencimento: '2026-12-27', emissao: '2026-11-27', numeroDocumento: String(i), pagadorTipo: '01', pagadorDocumento: '12345678909', pagadorNome: 'Cliente' });
    }
    const text = writeCnab400(BRADESCO_400, { banco: '237', beneficiario: { nome: 'Loja', agencia: '1172', conta: '403005', contaDv: '0', convenio: '4567' },
      dataGeracao: '2026-11-27', sequencial: 1, titulos });
    const back = readCnab400(BRADESCO_400, text);
    expect(back.titulos).toHaveLength(1000);
    expect(back.titulos[999]).toMatchObject({ nossoNumero: '00000001000', valor: 2000 });
  });
});
