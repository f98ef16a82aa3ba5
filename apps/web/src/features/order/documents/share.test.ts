import { describe, expect, it } from 'vitest';
import { absoluteUrl, mailtoLink, shareContent, whatsappLink, whatsappPhone } from './share.ts';

const result = { operacao: 'Orcamento', nsu: 42, loja: 'Demo Moda - Loja Centro', cliente: { nome: 'Maria da Silva', telefone: '(11) 98765-4321', email: 'maria@exemplo.com.br' } };

describe('order sharing', () => {
  it('puts 55 in front of the phone digits for WhatsApp, keeping a number that already has it', () => {
    expect(whatsappPhone('(11) 98765-4321')).toBe('5511987654321');
    expect(whatsappPhone('1133334444')).toBe('551133334444');
    expect(whatsappPhone('+55 11 98765-4321')).toBe('5511987654321');
    expect(whatsappPhone('011 98765-4321')).toBe('5511987654321');
    expect(whatsappPhone('98765-4321')).toBeNull();
    expect(whatsappPhone(null)).toBeNull();
  });

  it('builds the wa.me link with the phone and the message, encoded', () => {
    expect(whatsappLink('(11) 98765-4321', 'Olá! Segue: https://x/a?b=1&c=2')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1!%20Segue%3A%20https%3A%2F%2Fx%2Fa%3Fb%3D1%26c%3D2',
    );
    expect(whatsappLink(null, 'oi')).toBe('https://wa.me/?text=oi');
  });

  it('builds a mailto: link with subject and body', () => {
    expect(mailtoLink('maria@exemplo.com.br', 'Pedido 1', 'Linha 1\nhttps://x')).toBe(
      'mailto:maria@exemplo.com.br?subject=Pedido%201&body=Linha%201%0Ahttps%3A%2F%2Fx',
    );
    expect(mailtoLink(null, 'a', 'b')).toBe('mailto:?subject=a&body=b');
  });

  it('writes the message in pt-BR with the document name, number, shop and the absolute link', () => {
    const url = absoluteUrl('/api/arquivo/1/123/pedidos/42.pdf?exp=1&sig=x', 'http://loja.local:3000');
    expect(url).toBe('http://loja.local:3000/api/arquivo/1/123/pedidos/42.pdf?exp=1&sig=x');
    expect(shareContent(result, url)).toEqual({
      title: 'Orçamento 42 - Demo Moda - Loja Centro',
      text: `Olá, Maria! Segue o orçamento nº 42 da Demo Moda - Loja Centro: ${url}`,
      url,
    });
    expect(shareContent({ ...result, operacao: 'Pedido', cliente: null }, url).text).toMatch(/^Olá! Segue o pedido nº 42/);
  });
});
