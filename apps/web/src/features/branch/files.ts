/** A file chosen in the browser, read as base64 for the JSON routes (contract/branch.ts). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** 12345 → '12,1 KB' */
export function sizeLabel(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;
}

/** A refusal as one sentence: the contract's 'campo: mensagem' without the field's name (the panel already says it). */
export function refusalText(display: { text: string }): string {
  return display.text.replace(/^[\w.]+: /, '');
}
