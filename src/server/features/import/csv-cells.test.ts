import { describe, expect, it } from 'vitest';
import { isBic, isCreditorId, isIban, isPhone, moneyShape, sideOf } from './csv-cells.js';
import { readHeader } from './csv-headers.js';

describe('moneyShape', () => {
  it.each([
    ['-12.50', { negative: true, decimals: 2, bareInteger: false }],
    ['1.234,56', { negative: false, decimals: 2 }],
    ['1,234.56', { decimals: 2 }],
    ["1'234.50", { decimals: 2 }],
    ['1 234,50 €', { decimals: 2 }],
    ['(12.00)', { negative: true, signed: true }],
    ['12.50-', { negative: true }],
    ['+1495.50', { negative: false, signed: true }],
    ['R$ 10,00', { decimals: 2 }],
    ['¥36.00', { decimals: 2 }],
    ['EUR -3,20', { negative: true }],
    ['100.00元', { decimals: 2 }],
    ['12345', { bareInteger: true, digits: 5, leadingZero: false }],
    ['0123', { bareInteger: true, leadingZero: true }],
    ['0,00', { zero: true }],
    ['EUR12.50', { decimals: 2 }],
    ['US$ 5.00', { decimals: 2 }],
    ['12.50 CR', { decimals: 2 }],
    ['12,50 kr', { decimals: 2 }],
  ])('%s is money', (text, shape) => {
    expect(moneyShape(text)).toMatchObject(shape);
  });

  it.each([
    'DE89370400440532013000',
    'abc',
    '12:30',
    '1..2',
    '12,,5',
    '--1',
    '2026-03-02T10:00',
    'ABCDEFGH 12',
    '',
    '1'.repeat(41),
    'R1',
    'X-1',
    '12A',
    'tx_01',
  ])('%s is not money', (text) => {
    expect(moneyShape(text)).toBeNull();
  });

  it('gives up at once on a long cell (no scan of it)', () => {
    const start = performance.now();
    for (let i = 0; i < 1000; i += 1) moneyShape(`1${',1'.repeat(500)}`);
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe('identifiers by shape and check digits', () => {
  it('IBANs pass the mod-97 check, with or without spaces; a changed digit fails', () => {
    expect(isIban('DE89370400440532013000')).toBe(true);
    expect(isIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isIban('GB29NWBK60161331926819')).toBe(true);
    expect(isIban('DE89370400440532013001')).toBe(false);
    expect(isIban('Kartenzahlung REWE')).toBe(false);
  });

  it('SEPA creditor ids: ZZZ business code or a valid check over the national id', () => {
    expect(isCreditorId('DE98ZZZ09999999999')).toBe(true);
    expect(isCreditorId('LU96ZZZ0000000000000000058')).toBe(true);
    expect(isCreditorId('DE98ABC09999999999')).toBe(true);
    expect(isCreditorId('DE97ABC09999999999')).toBe(false);
    expect(isCreditorId('NOTPROVIDED')).toBe(false);
  });

  it('BICs are 8 or 11 characters, letters first', () => {
    expect(isBic('SOGEDEFFXXX')).toBe(true);
    expect(isBic('PPLXLUL2')).toBe(true);
    expect(isBic('12345678')).toBe(false);
    expect(isBic('sogedeff')).toBe(false);
  });

  it('phone numbers: + or 0 first, 7 to 15 digits, no decimals', () => {
    expect(isPhone('+49 30 1234567')).toBe(true);
    expect(isPhone('030/1234567')).toBe(true);
    expect(isPhone('(02) 9876 5432')).toBe(true);
    expect(isPhone('+12345.67')).toBe(false);
    expect(isPhone('-1234567')).toBe(false);
    expect(isPhone('+12.50')).toBe(false);
  });
});

describe('debit/credit marks', () => {
  it.each([
    ['D', 'debit'],
    ['c', 'credit'],
    ['DR', 'debit'],
    ['Cr', 'credit'],
    ['DBIT', 'debit'],
    ['CRDT', 'credit'],
    ['S', 'debit'],
    ['H', 'credit'],
    ['Soll', 'debit'],
    ['HABEN', 'credit'],
    ['debit', 'debit'],
    ['Débit', 'debit'],
    ['CRÉDIT', 'credit'],
    ['Lastschrift', 'debit'],
    ['Gutschrift', 'credit'],
    ['Belastung', 'debit'],
    ['Af', 'debit'],
    ['Bij', 'credit'],
    ['支出', 'debit'],
    ['收入', 'credit'],
    ['-', 'debit'],
    ['+', 'credit'],
    [' D ', 'debit'],
  ])('%s is a %s', (mark, side) => {
    expect(sideOf(mark)).toBe(side);
  });

  it.each(['/', 'DD', 'BGC', 'Sale', '不计收支', ''])('%s is neither', (mark) => {
    expect(sideOf(mark)).toBeNull();
  });
});

describe('header words (a hint, checked against the values elsewhere)', () => {
  it.each([
    // English
    ['Transaction Date', { date: 3 }],
    ['Post Date', { date: 2 }],
    ['Value Date', { date: 1 }],
    ['Amount', { amount: 4 }],
    ['Paid out', { debit: true }],
    ['Money In', { credit: true }],
    ['Running Bal.', { balance: true }],
    ['Transaction ID', { reference: true }],
    ['Payee', { payee: true }],
    ['Memo', { description: 3 }],
    ['Transaction Type', { indicator: true }],
    ['Zip Code', { never: 'postcode' }],
    ['Account Name', { never: 'account' }],
    // German
    ['Buchungstag', { date: 3 }],
    ['Valutadatum', { date: 1 }],
    ['Betrag (EUR)', { amount: 4 }],
    ['Lastschrift Ursprungsbetrag', { amount: 2 }],
    ['Soll', { debit: true }],
    ['Haben', { credit: true }],
    ['Soll/Haben', { indicator: true }],
    ['Auswirkung auf Guthaben', { indicator: true, balance: false }],
    ['Guthaben', { balance: true }],
    ['Gebühr', { fee: true }],
    ['Verwendungszweck', { description: 3 }],
    ['Buchungstext', { description: 1 }],
    ['Beguenstigter/Zahlungspflichtiger', { payee: true }],
    ['Glaeubiger ID', { never: 'creditor', reference: true }],
    ['Gläubiger-ID', { never: 'creditor' }],
    ['Mandatsreferenz', { never: 'mandate', reference: true }],
    ['Kontonummer/IBAN', { never: 'iban' }],
    ['BIC (SWIFT-Code)', { never: 'bic' }],
    ['Auftragskonto', { never: 'account' }],
    ['PLZ', { never: 'postcode' }],
    ['Telefon', { never: 'phone' }],
    ['Kundenreferenz (End-to-End)', { reference: true, never: null }],
    // French
    ['Date opération', { date: 3 }],
    ['Libellé', { description: 3 }],
    ['Débit', { debit: true }],
    ['Crédit', { credit: true }],
    ['Montant', { amount: 4 }],
    ['Solde', { balance: true }],
    // Spanish
    ['Fecha', { date: 3 }],
    ['Concepto', { description: 3 }],
    ['Importe', { amount: 4 }],
    ['Cargos', { debit: true }],
    ['Abonos', { credit: true }],
    ['Saldo', { balance: true }],
    // Portuguese
    ['Data', { date: 3 }],
    ['Valor (R$)', { amount: 4 }],
    ['Lançamento', { description: 3 }],
    ['Identificador', { reference: true }],
    ['Saldos (R$)', { balance: true }],
    // Dutch
    ['Datum', { date: 3 }],
    ['Bedrag (EUR)', { amount: 4 }],
    ['Af Bij', { indicator: true }],
    ['Naam / Omschrijving', { payee: true }],
    ['Mededelingen', { description: 3 }],
    ['Tegenrekening', { never: 'account' }],
    // Italian
    ['Data contabile', { date: 2 }],
    ['Data valuta', { date: 1 }],
    ['Importo', { amount: 4 }],
    ['Descrizione', { description: 3 }],
    ['Entrate', { credit: true }],
    ['Uscite', { debit: true }],
    // Chinese
    ['交易日期', { date: 3 }],
    ['金额', { amount: 4 }],
    ['金额(元)', { amount: 4 }],
    ['收入', { credit: true }],
    ['支出', { debit: true }],
    ['收/支', { indicator: true }],
    ['摘要', { description: 3 }],
    ['对方户名', { payee: true }],
    ['余额', { balance: true }],
    ['交易单号', { reference: true }],
  ])('%s', (header, info) => {
    expect(readHeader(header)).toMatchObject(info);
  });
});
