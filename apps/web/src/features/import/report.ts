/** The import's error report as a CSV file (';', UTF-8 with BOM so Excel in pt-BR opens it with its accents). */
import { csvField } from '@pdv/domain/import-file';
import type { ImportJobStatus } from '@pdv/contract/import';

export function reportCsv(errors: ImportJobStatus['erros']): string {
  const lines = [['Linha', 'Coluna', 'Mensagem'], ...errors.map((e) => [String(e.linha), e.coluna, e.mensagem])];
  return `\uFEFF${lines.map((l) => l.map((v) => csvField(v)).join(';')).join('\r\n')}\r\n`;
}

export function downloadReport(errors: ImportJobStatus['erros'], fileName: string): void {
  const url = URL.createObjectURL(new Blob([reportCsv(errors)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `erros-${fileName.replace(/\.[^.]+$/, '')}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
