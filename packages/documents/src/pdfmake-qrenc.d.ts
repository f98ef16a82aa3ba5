declare module 'pdfmake/js/qrEnc.js' {
  const qrEnc: { measure(node: { qr: string; fit?: number; eccLevel?: 'L' | 'M' | 'Q' | 'H' }): unknown };
  export default qrEnc;
}
