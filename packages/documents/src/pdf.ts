/**
 * Renders a document definition to a PDF Blob in the browser (offline: pdfmake and its Roboto fonts are bundled and
 * loaded on first use, so the service worker keeps them).
 */
import type { TDocumentDefinitions, TVirtualFileSystem } from 'pdfmake/interfaces';

type PdfMake = typeof import('pdfmake/build/pdfmake');

let loaded: Promise<PdfMake> | null = null;

/** The browser builds are CommonJS: depending on the bundler they arrive as the module or as its default export. */
function unwrap<T>(module: unknown): T {
  const record = module as { default?: T };
  return record.default ?? (module as T);
}

async function pdfMake(): Promise<PdfMake> {
  loaded ??= (async () => {
    const make = unwrap<PdfMake>(await import('pdfmake/build/pdfmake'));
    make.addVirtualFileSystem(unwrap<TVirtualFileSystem>(await import('pdfmake/build/vfs_fonts')));
    return make;
  })();
  return loaded;
}

export async function renderPdf(definition: TDocumentDefinitions): Promise<Blob> {
  const make = await pdfMake();
  return make.createPdf(definition).getBlob();
}
