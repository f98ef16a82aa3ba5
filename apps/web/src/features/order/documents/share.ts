/**
 * Sharing an order's PDF (000 §7.6: "Sharing by messaging app, e-mail or the device share sheet"): the WhatsApp link
 * `https://wa.me/<55 + phone digits>?text=<message>`, a mailto: link, and the text both carry with the PDF's address.
 */
import type { OrderPdfResult } from '@pdv/contract/order-document';
import { operacaoLabel } from '../situacao.ts';

/** The link to the stored PDF as an absolute address (url_pdf is relative to the server). */
export function absoluteUrl(url_pdf: string, origin: string): string {
  return new URL(url_pdf, origin).href;
}

/**
 * The phone as WhatsApp wants it: country code 55 and the digits. A number already carrying 55 (12 or 13 digits), a
 * long-distance 0 in front, or a mask are all accepted; fewer than 10 digits is no phone (null).
 */
export function whatsappPhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^0+/, '');
  if (/^55\d{10,11}$/.test(digits)) return digits;
  if (/^\d{10,11}$/.test(digits)) return `55${digits}`;
  return null;
}

/** wa.me with the phone when there is one (else WhatsApp asks for the contact) and the message. */
export function whatsappLink(phone: string | null | undefined, text: string): string {
  const number = whatsappPhone(phone);
  return `https://wa.me/${number ?? ''}?text=${encodeURIComponent(text)}`;
}

export function mailtoLink(to: string | null | undefined, subject: string, body: string): string {
  const address = (to ?? '').trim();
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export interface ShareContent {
  title: string;
  text: string;
  url: string;
}

/** "Pedido 12 - Demo Moda" and "Olá, Maria! Segue o pedido nº 12 da Demo Moda: <url>". */
export function shareContent(result: Pick<OrderPdfResult, 'operacao' | 'nsu' | 'loja' | 'cliente'>, url: string): ShareContent {
  const name = operacaoLabel(result.operacao);
  const firstName = result.cliente?.nome.trim().split(/\s+/)[0];
  const greeting = firstName ? `Olá, ${firstName}!` : 'Olá!';
  return {
    title: `${name} ${result.nsu} - ${result.loja}`,
    text: `${greeting} Segue o ${name.toLowerCase()} nº ${result.nsu} da ${result.loja}: ${url}`,
    url,
  };
}
