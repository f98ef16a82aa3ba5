import { describe, expect, it } from 'vitest';
import {
  formatAccessKey,
  formatDecimalText,
  formatNoteNumber,
  formatPhone,
  formatSeries,
  formatTaxId,
  formatXmlDate,
  formatXmlDateTime,
  formatXmlTime,
  freightLabel,
  paymentName,
} from './danfe-format.ts';

describe('danfe formats', () => {
  it('writes XML decimals in pt-BR exactly, dropping trailing zeros down to the minimum', () => {
    expect(formatDecimalText('12.8400000', 2)).toBe('12,84');
    expect(formatDecimalText('36.0000', 4)).toBe('36,0000');
    expect(formatDecimalText('1.0000', 0)).toBe('1');
    expect(formatDecimalText('0.0123456789', 2)).toBe('0,0123456789');
    expect(formatDecimalText('1234567.5', 2)).toBe('1.234.567,50');
    expect(formatDecimalText('50', 2)).toBe('50,00');
    expect(formatDecimalText('-0.000', 0)).toBe('0');
  });

  it('prints the wall time written in the XML, whatever the offset', () => {
    expect(formatXmlDateTime('2018-10-01T07:28:14-04:00')).toBe('01/10/2018 07:28:14');
    expect(formatXmlDateTime('2020-03-11T23:59:59-03:00')).toBe('11/03/2020 23:59:59');
    expect(formatXmlDate('2018-12-31')).toBe('31/12/2018');
    expect(formatXmlTime('2018-09-25T15:14:00-03:00')).toBe('15:14:00');
    expect(formatXmlTime('2018-12-31')).toBe('');
    expect(formatXmlDateTime(null)).toBe('');
  });

  it('splits the access key in 11 groups of 4', () => {
    expect(formatAccessKey('29181033657677000156650010001654399001654399')).toBe(
      '2918 1033 6576 7700 0156 6500 1000 1654 3990 0165 4399',
    );
  });

  it('masks CNPJ and CPF and pads number and series', () => {
    expect(formatTaxId('33657677000156')).toBe('33.657.677/0001-56');
    expect(formatTaxId('68834846982')).toBe('688.348.469-82');
    expect(formatTaxId('EXTERIOR')).toBe('EXTERIOR');
    expect(formatNoteNumber('47686')).toBe('000.047.686');
    expect(formatSeries('1')).toBe('001');
  });

  it('formats phones with or without country code and long-distance zero', () => {
    expect(formatPhone('4499764041')).toBe('(44) 9976-4041');
    expect(formatPhone('551912345678')).toBe('(19) 1234-5678');
    expect(formatPhone('02936882500')).toBe('(29) 3688-2500');
    expect(formatPhone('44999764041')).toBe('(44) 99976-4041');
  });

  it('names the payment forms in pt-BR', () => {
    expect(paymentName('01')).toBe('Dinheiro');
    expect(paymentName('03')).toBe('Cartão de Crédito');
    expect(paymentName('04')).toBe('Cartão de Débito');
    expect(paymentName('05')).toBe('Crédito Loja');
    expect(paymentName('15')).toBe('Boleto Bancário');
    expect(paymentName('17')).toBe('PIX');
    expect(paymentName('99')).toBe('Outros');
    expect(paymentName('99', 'Cashback')).toBe('Cashback');
    expect(paymentName('77')).toBe('Outros (77)');
  });

  it('names who pays the freight', () => {
    expect(freightLabel('0')).toBe('0 - Remetente (CIF)');
    expect(freightLabel('9')).toBe('9 - Sem Frete');
  });
});
